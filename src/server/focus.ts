// /api/focus/*: ad slots and the small goods blocks of the home page and zones.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { ads } from './db/schema/index.ts';

export interface AdOut {
  id: number;
  title: string;
  url: string;
  image: string;
}

export async function adsOf(slot: string, ids?: number[]): Promise<AdOut[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(ads)
    .where(ids ? and(eq(ads.slot, slot), inArray(ads.id, ids)) : eq(ads.slot, slot))
    .orderBy(asc(ads.sort), asc(ads.id));
  return rows.map((a) => ({ id: a.id, title: a.title, url: a.url, image: a.image }));
}

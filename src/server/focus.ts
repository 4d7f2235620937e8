// /api/focus/*, the home page and the zones' ad positions: the ads shown now (enabled, inside
// their window), in the editor's order. Cached a few seconds per position and dropped when the
// editor saves (the `content` tag), so another process shows a change within the same few seconds.
import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { namedCache, tag } from './cache.ts';
import { getDb } from './db/client.ts';
import { ads } from './db/schema/index.ts';

export interface AdOut {
  id: number;
  title: string;
  url: string;
  image: string;
}

/** The ads of a position that show at `now`. */
export const showingNow = (now: Date) =>
  and(
    eq(ads.enabled, true),
    or(isNull(ads.startsAt), lte(ads.startsAt, now)),
    or(isNull(ads.endsAt), gt(ads.endsAt, now)),
  );

const cache = namedCache<AdOut[]>('ads', { ttlMs: 5000, maxEntries: 200 });

async function load(slot: string): Promise<AdOut[]> {
  const db = await getDb();
  return db
    .select({ id: ads.id, title: ads.title, url: ads.url, image: ads.image })
    .from(ads)
    .where(and(eq(ads.slot, slot), showingNow(new Date())))
    .orderBy(asc(ads.sort), asc(ads.id));
}

export async function adsOf(slot: string, ids?: number[]): Promise<AdOut[]> {
  if (!ids) return cache.get(slot, () => load(slot), [tag.content]);
  const db = await getDb();
  return db
    .select({ id: ads.id, title: ads.title, url: ads.url, image: ads.image })
    .from(ads)
    .where(and(eq(ads.slot, slot), inArray(ads.id, ids), showingNow(new Date())))
    .orderBy(asc(ads.sort), asc(ads.id));
}

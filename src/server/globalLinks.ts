import { asc } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { globalLinks } from './db/schema/index.ts';

/** GET /api/global/links: footer and partner links in display order. */
export async function globalLinkList() {
  const db = await getDb();
  const rows = await db
    .select()
    .from(globalLinks)
    .orderBy(asc(globalLinks.sort), asc(globalLinks.id));
  return rows.map((l) => ({ id: l.id, name: l.name, url: l.url }));
}

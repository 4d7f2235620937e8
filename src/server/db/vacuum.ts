// The embedded database (PGlite) is one backend with no autovacuum: nothing there removes dead
// rows, refreshes the planner's statistics or brings a GIN index's own statistics and pending list
// up to date, which only VACUUM does. A GIN index made before its rows came (every shop: the
// migrations, then an import) looks empty to the planner: at 100,000 goods the goods desk's
// trigram search read every goods (0.36 s of the database's one thread) where the index answers
// in 4 ms. So the shop does autovacuum's job there, with autovacuum's own thresholds, on the
// tables past them. PostgreSQL's autovacuum does it beside the shop.
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rows } from './rows.ts';

// A table of this many pages (8 KB each) with fewer than half of them marked all-visible has not
// been vacuumed since most of its rows came: the counters below start again with each process (an
// import before a restart is forgotten), the pages' marks do not.
const UNVACUUMED_PAGES = 128;

/**
 * VACUUM (ANALYZE) of the tables (up to `limit` of them, if given) past autovacuum's default thresholds (dead rows over
 * 50 + 20 %, rows inserted since the last vacuum over 1,000 + 20 %, rows changed since the last
 * analyze over 50 + 10 %) or never vacuumed since they filled, largest first. Each blocks the
 * embedded database while it runs (~4 s for 100,000 goods the first time, then only the pages
 * changed since). Answers the tables vacuumed.
 */
export async function vacuumDue(db: Db, limit?: number): Promise<string[]> {
  const due = await rows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
         OR s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
         OR s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
         OR (pg_relation_size(c.oid) >= ${UNVACUUMED_PAGES * 8192}
             AND c.relallvisible < pg_relation_size(c.oid) / 8192 / 2)
      ORDER BY pg_relation_size(c.oid) DESC, c.relname
      LIMIT ${limit ?? null}`,
  );
  for (const { name } of due) await db.execute(sql`VACUUM (ANALYZE) ${sql.identifier(name)}`);
  return due.map((t) => t.name);
}

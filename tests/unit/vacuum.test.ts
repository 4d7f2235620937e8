// The embedded database has no autovacuum (db/vacuum.ts): a GIN index made before its rows looks
// empty to the planner until VACUUM, and a search reads every row.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryDb } from '../support/memoryDb.ts';

let env: Awaited<ReturnType<typeof memoryDb>>;
let vacuumDue: typeof import('#/server/db/vacuum.ts').vacuumDue;

beforeAll(async () => {
  env = await memoryDb();
  ({ vacuumDue } = await import('#/server/db/vacuum.ts'));
}, 60_000);

const plan = async (query: string) => {
  const r = (await env.db.execute(sql.raw(`EXPLAIN ${query}`))) as unknown as {
    rows: { 'QUERY PLAN': string }[];
  };
  return r.rows.map((row) => row['QUERY PLAN']).join('\n');
};
const SEARCH = "SELECT count(*) FROM vacuum_probe WHERE name ILIKE '%c0ffee%'";

describe('the embedded database’s vacuum', () => {
  it('vacuums a table filled after its trigram index was made, so that searches use the index, and then leaves it be', async () => {
    const { db } = env;
    await db.execute(sql`CREATE TABLE vacuum_probe (id serial PRIMARY KEY, name text NOT NULL)`);
    await db.execute(
      sql`CREATE INDEX vacuum_probe_trgm ON vacuum_probe USING gin (name gin_trgm_ops)`,
    );
    await db.execute(
      sql`INSERT INTO vacuum_probe (name) SELECT md5(i::text) || '阿莫西林胶囊' FROM generate_series(1, 40000) AS i`,
    );
    // The statistics counters reach pg_stat_user_tables when the backend flushes them (each second).
    await db.execute(sql`SELECT pg_sleep(1.2)`);
    expect(await plan(SEARCH)).toContain('Seq Scan on vacuum_probe');

    expect(await vacuumDue(db, 100)).toContain('vacuum_probe');
    expect(await plan(SEARCH)).toContain('Bitmap Index Scan on vacuum_probe_trgm');

    await db.execute(sql`SELECT pg_sleep(1.2)`);
    expect(await vacuumDue(db, 100)).not.toContain('vacuum_probe');
  }, 60_000);

  it('vacuums a table past its dead-row threshold, at most `limit` tables per call', async () => {
    const { db } = env;
    await db.execute(sql`UPDATE vacuum_probe SET name = name || 'x' WHERE id <= 20000`);
    await db.execute(sql`SELECT pg_sleep(1.2)`);
    expect(await vacuumDue(db, 0)).toEqual([]);
    expect(await vacuumDue(db, 1)).toEqual(['vacuum_probe']);
    const [dead] = (
      (await db.execute(
        sql`SELECT n_dead_tup AS n FROM pg_stat_user_tables WHERE relname = 'vacuum_probe'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(Number(dead?.n)).toBe(0);
  }, 60_000);
});

// The embedded database's client is given drizzle's text parsers once (db/pgliteParsers.ts) and
// each query's copy is dropped: values must come back exactly as drizzle's own parsers leave them.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryDb } from '../support/memoryDb.ts';

describe('the embedded database returns what drizzle expects', () => {
  let env: Awaited<ReturnType<typeof memoryDb>>;
  beforeAll(async () => {
    env = await memoryDb();
  }, 60_000);

  it('keeps dates, timestamps, intervals and their arrays as text in raw queries', async () => {
    const r = (await env.db.execute(sql`SELECT
        '2026-01-02 03:04:05+00'::timestamptz AS tz, '2026-01-02 03:04:05'::timestamp AS ts,
        '2026-01-02'::date AS d, '1 day 02:00:00'::interval AS i, ARRAY[1.50]::numeric[] AS n,
        ARRAY['2026-01-02'::date] AS ds, 7::int AS k, true AS b`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(r.rows[0]).toEqual({
      tz: '2026-01-02 03:04:05+00',
      ts: '2026-01-02 03:04:05',
      d: '2026-01-02',
      i: '1 day 02:00:00',
      n: '{1.50}',
      ds: '{2026-01-02}',
      k: 7,
      b: true,
    });
  });

  it('gives Dates for timestamp columns through the query builder, also in a transaction', async () => {
    const { db, schema, member } = env;
    const { companyId } = await member();
    const read = (q: typeof db) =>
      q
        .select({ at: schema.companies.createdAt })
        .from(schema.companies)
        .where(sql`${schema.companies.id} = ${companyId}`);
    const [outside] = await read(db);
    const inside = await db.transaction(async (tx) => (await read(tx as unknown as typeof db))[0]);
    expect(outside!.at).toBeInstanceOf(Date);
    expect(inside!.at).toEqual(outside!.at);
  });
});

// A bigram index serves a search only when the search's expression is the index's own, column for
// column: a drift leaves the results right and the index unused (every row read). With sequential
// scans priced out, the planner shows whether each desk's two-character search can use its index.
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryDb } from '../support/memoryDb.ts';

let env: Awaited<ReturnType<typeof memoryDb>>;

beforeAll(async () => {
  env = await memoryDb();
}, 60_000);

async function plan(query: { getSQL(): SQL }): Promise<string> {
  await env.db.execute(sql`SET enable_seqscan = off`);
  try {
    const r = (await env.db.execute(sql`EXPLAIN ${query.getSQL()}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    return r.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await env.db.execute(sql`RESET enable_seqscan`);
  }
}

describe('two-character desk searches reach their bigram indexes', () => {
  it('the goods desk', async () => {
    const { bigramFilter } = await import('#/server/db/rows.ts');
    const { goods, deskBigramColumns } = env.schema;
    const where = bigramFilter(deskBigramColumns(goods), '感冒') as SQL;
    expect(await plan(env.db.select({ n: count() }).from(goods).where(where))).toContain(
      'goods_desk_search_bigram_idx',
    );
  });

  it('the store desk, on stores and on logins', async () => {
    const { storeWhere } = await import('#/server/storeProfiles/queue.ts');
    const { companies, accounts } = env.schema;
    const shown = await plan(
      env.db
        .select({ n: count() })
        .from(companies)
        .innerJoin(accounts, eq(accounts.id, companies.accountId))
        .where(storeWhere({ q: '仁和' })),
    );
    expect(shown).toContain('companies_search_bigram_idx');
    expect(shown).toContain('accounts_search_bigram_idx');
  });

  it('the order desk, on the lines’ goods names', async () => {
    const { orderSearch } = await import('#/server/fulfilment/queue.ts');
    const { orders, companies } = env.schema;
    const shown = await plan(
      env.db
        .select({ n: count() })
        .from(orders)
        .innerJoin(companies, eq(companies.id, orders.companyId))
        .where(and(...orderSearch({ q: '感冒' }))),
    );
    expect(shown).toContain('order_lines_name_bigram_idx');
  });
});

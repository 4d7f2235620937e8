// The cart page's state (GET /api/cart/list) and the badge count.
import { and, asc, eq, sql } from 'drizzle-orm';
import { CART_LIST_FILTER_DEFAULT } from '#/lib/constants.ts';
import { namedCache, tag } from '#/server/cache.ts';
import { config } from '#/server/config.ts';
import { getDb } from '#/server/db/client.ts';
import { rows as sqlRows } from '#/server/db/rows.ts';
import { cartLines, companies } from '#/server/db/schema/index.ts';
import { readModelCatalogue } from './catalogue.ts';
import { buildLines } from './lines.ts';
import { companyRows, fullReductionActivities, loadPricingCompany, type Q } from './load.ts';
import { presentCartState } from './present.ts';
import { totalsFor } from './price.ts';
import { welfarePercent as currentWelfarePercent } from '#/server/promotions/welfare.ts';

export async function cartState(companyId: number, filters = CART_LIST_FILTER_DEFAULT) {
  const db = await getDb();
  const company = await loadPricingCompany(companyId);
  const from = readModelCatalogue();
  const lines = await buildLines(db, company, await companyRows(db, companyId), from);
  const fullReductions = await fullReductionActivities(from, lines);
  const welfarePercent = await currentWelfarePercent();
  return presentCartState({
    lines,
    shown: filters === CART_LIST_FILTER_DEFAULT ? lines : lines.filter((l) => l.type === filters),
    filters,
    totals: totalsFor(lines, { fullReductions, welfareRate: welfarePercent / 100 }),
    welfarePercent,
    fullReductions,
    otherStores: await otherStores(db, companyId),
  });
}

// Which stores a login has changes when a store is added, renamed or moved (a company change
// anywhere drops it): the cart list asked on every read.
const storesOfLogin = namedCache<{ id: number; name: string }[]>('cart.otherStores', {
  ttlMs: config.sessionCacheMs,
  maxEntries: 5_000,
});

/** Other stores of the same login: where "copy to store" can send lines. */
function otherStores(q: Q, companyId: number) {
  return storesOfLogin.get(String(companyId), () => storesOf(q, companyId), [tag.anyCompany]);
}

async function storesOf(q: Q, companyId: number) {
  return q
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(
      and(
        sql`${companies.accountId} = (SELECT account_id FROM companies WHERE id = ${companyId})`,
        sql`${companies.id} <> ${companyId}`,
      ),
    )
    .orderBy(asc(companies.id));
}

/** The badge's count of lines, as a scalar subquery for a screen that reads it with other figures. */
export const cartCountSql = (companyId: number) =>
  sql<number>`(SELECT count(*)::int FROM ${cartLines} WHERE ${eq(cartLines.companyId, companyId)})`;

export async function cartCount(companyId: number): Promise<number> {
  const [r] = await sqlRows<{ n: number }>(
    await getDb(),
    sql`SELECT ${cartCountSql(companyId)} AS n`,
  );
  return Number(r?.n ?? 0);
}

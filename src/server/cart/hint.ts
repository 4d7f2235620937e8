// POST /api/cart/next_hint: what to add to reach the next ladder tier (per line), the next
// full-reduction tier (per activity the cart takes part in) and free shipping (order threshold
// or a line's own quantity).
import { CART_LINE_TYPES } from '#/lib/constants.ts';
import { freeShippingHint } from '#/lib/pricing/freeShipping.ts';
import { ladderHint } from '#/lib/pricing/ladder.ts';
import { getDb } from '#/server/db/client.ts';
import { readModelCatalogue } from './catalogue.ts';
import { buildLines } from './lines.ts';
import { companyRows, fullReductionActivities, loadPricingCompany } from './load.ts';
import { presentHint } from './present.ts';
import { totalsFor } from './price.ts';
import { welfareRate } from '#/server/promotions/welfare.ts';

export async function nextHint(companyId: number) {
  const db = await getDb();
  const company = await loadPricingCompany(companyId);
  const from = readModelCatalogue();
  const all = await buildLines(db, company, await companyRows(db, companyId), from);
  const activities = await fullReductionActivities(from, all);
  const t = totalsFor(all, { fullReductions: activities, welfareRate: await welfareRate() });
  const lines = all
    .filter((l) => l.type !== CART_LINE_TYPES.combination && l.variantPriceFen === null)
    .map((line) => ({
      line,
      ladder: ladderHint(line.goods, line.quantity),
      freeShipping: freeShippingHint(line.goods, line.quantity),
    }));
  return presentHint(t, lines, activities);
}

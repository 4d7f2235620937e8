// The confirm step: the lines, recomputed totals (per order when 含麻 goods split it), addresses
// and usable coupons. Nothing is reserved.
import { checkoutLines } from '#/server/cart/lines.ts';
import { databaseCatalogue } from '#/server/cart/catalogue.ts';
import { fullReductionActivities, loadPricingCompany } from '#/server/cart/load.ts';
import { getDb } from '#/server/db/client.ts';
import { invalid } from '#/server/errors.ts';
import { listAddresses } from '#/server/members/addresses.ts';
import { usableCoupons } from '#/server/wallet/coupons.ts';
import { lineExpiryRanges } from './lineExpiry.ts';
import { welfareRate } from '#/server/promotions/welfare.ts';
import { goodsIdsOf, planOrders } from './plan.ts';
import { pricingCoupon, scopeTexts } from '#/server/promotions/couponScope.ts';
import { presentCheckout } from './present.ts';

export async function prepareCheckout(
  companyId: number,
  ids: number[] | null,
  couponId: number | null = null,
  cashVoucherId: number | null = null,
) {
  const db = await getDb();
  const company = await loadPricingCompany(companyId);
  // The confirm step shows what the order will charge: read as the order will read it.
  const from = databaseCatalogue(db);
  const lines = await checkoutLines(db, company, ids, from);
  const buyable = lines.filter((l) => l.selected || (ids !== null && !l.reason));
  if (buyable.length === 0) throw invalid('ids', '请选择要结算的商品');
  const coupons = await usableCoupons(companyId, null, db);
  const coupon = coupons.find((c) => c.id === couponId && c.kind === 'coupon') ?? null;
  const voucher = coupons.find((c) => c.id === cashVoucherId && c.kind === 'cash') ?? null;
  const fullReductions = await fullReductionActivities(from, buyable);
  const goodsIds = goodsIdsOf(buyable);
  const options = {
    fullReductions,
    cashVoucher: voucher ? { id: voucher.id, amountFen: voucher.amount } : null,
    welfareRate: await welfareRate(),
  };
  const plan = planOrders(buyable, {
    ...options,
    coupon: coupon ? await pricingCoupon(db, coupon, goodsIds) : null,
  });
  // Each coupon the picker offers is usable when the engine would apply it to this selection
  // (its threshold met by the goods in its scope).
  const usable = new Set<number>();
  for (const c of coupons.filter((x) => x.kind === 'coupon')) {
    const tried = planOrders(buyable, { ...options, coupon: await pricingCoupon(db, c, goodsIds) });
    if (tried[0]!.totals.coupon?.applicable) usable.add(c.id);
  }
  const split = plan.length > 1;
  return presentCheckout({
    lines: buyable,
    expiryRanges: await lineExpiryRanges(db, buyable),
    unavailable: lines.filter((l) => l.reason),
    plan,
    totals: plan[0]!.totals,
    ephedrineTotals: split ? plan[1]!.totals : null,
    split,
    addresses: await listAddresses(companyId, db),
    coupons: coupons.map((c) => ({ ...c, usable: usable.has(c.id) })),
    scopeTexts: await scopeTexts(db, coupons),
  });
}

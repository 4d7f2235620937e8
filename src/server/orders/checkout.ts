// The confirm step: the lines, recomputed totals (per order when 含麻 goods split it), addresses
// and usable coupons. Nothing is reserved.
import { checkoutLines } from '#/server/cart/lines.ts';
import { fullReductionActivities, loadCompany } from '#/server/cart/load.ts';
import { totalsFor } from '#/server/cart/price.ts';
import { getDb } from '#/server/db/client.ts';
import { invalid } from '#/server/errors.ts';
import { listAddresses } from '#/server/members/addresses.ts';
import { usableCoupons } from '#/server/wallet/coupons.ts';
import { lineExpiryRanges } from './lineExpiry.ts';
import { splitEphedrine } from './place.ts';
import { presentCheckout } from './present.ts';

export async function prepareCheckout(
  companyId: number,
  ids: number[] | null,
  couponId: number | null = null,
  cashVoucherId: number | null = null,
) {
  const db = await getDb();
  const company = await loadCompany(db, companyId);
  const lines = await checkoutLines(db, company, ids);
  const buyable = lines.filter((l) => l.selected || (ids !== null && !l.reason));
  if (buyable.length === 0) throw invalid('ids', '请选择要结算的商品');
  const coupons = await usableCoupons(companyId, null, db);
  const coupon = coupons.find((c) => c.id === couponId && c.kind === 'coupon') ?? null;
  const voucher = coupons.find((c) => c.id === cashVoucherId && c.kind === 'cash') ?? null;
  const groups = splitEphedrine(buyable);
  const fullReductions = await fullReductionActivities(db, buyable);
  const split = groups.normal.length > 0 && groups.ephedrine.length > 0;
  return presentCheckout({
    lines: buyable,
    expiryRanges: await lineExpiryRanges(db, buyable),
    unavailable: lines.filter((l) => l.reason),
    totals: totalsFor(groups.normal.length ? groups.normal : groups.ephedrine, {
      fullReductions,
      coupon: coupon
        ? { id: coupon.id, thresholdFen: coupon.threshold, reduceFen: coupon.amount }
        : null,
      cashVoucher: voucher ? { id: voucher.id, amountFen: voucher.amount } : null,
    }),
    ephedrineTotals: split ? totalsFor(groups.ephedrine, { fullReductions }) : null,
    split,
    addresses: await listAddresses(companyId, db),
    coupons,
  });
}

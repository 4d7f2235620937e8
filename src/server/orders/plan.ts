// The orders the chosen lines become and what each costs: 含麻 (ephedrine) goods form an order of
// their own, with its own shipping fee; the coupon and cash voucher go to the first order. The
// confirm step shows exactly this plan and placing the order charges exactly it.
import type { CartTotals, Coupon } from '#/lib/pricing/totals.ts';
import type { CartItem, NamedActivity } from '#/server/cart/model.ts';
import { totalsFor } from '#/server/cart/price.ts';

export interface PlannedOrder {
  isEphedrine: boolean;
  lines: CartItem[];
  totals: CartTotals;
}

/** The lines to buy, selected, split into the normal order and the 含麻 order. */
export function splitEphedrine(lines: readonly CartItem[]) {
  const chosen = lines.map((l) => ({ ...l, selected: true }));
  return {
    normal: chosen.filter((l) => !l.goods.isEphedrine),
    ephedrine: chosen.filter((l) => l.goods.isEphedrine),
  };
}

export function planOrders(
  lines: readonly CartItem[],
  opts: {
    fullReductions: NamedActivity[];
    coupon: (Coupon & { id: number }) | null;
    cashVoucher: { id: number; amountFen: number } | null;
    welfareRate: number;
  },
): PlannedOrder[] {
  const groups = splitEphedrine(lines);
  const plan: PlannedOrder[] = [];
  for (const [isEphedrine, group] of [
    [false, groups.normal],
    [true, groups.ephedrine],
  ] as const) {
    if (group.length === 0) continue;
    const first = plan.length === 0;
    plan.push({
      isEphedrine,
      lines: group,
      totals: totalsFor(group, {
        fullReductions: opts.fullReductions,
        coupon: first ? opts.coupon : null,
        cashVoucher: first ? opts.cashVoucher : null,
        welfareRate: opts.welfareRate,
      }),
    });
  }
  return plan;
}

/** What the buyer pays for all the orders of a plan (fen). */
export const planPayableFen = (plan: readonly PlannedOrder[]): number =>
  plan.reduce((s, o) => s + o.totals.payableFen, 0);

/** The goods of these lines (a pack's goods are never in a coupon's scope). */
export const goodsIdsOf = (lines: readonly CartItem[]): number[] => [
  ...new Set(lines.filter((l) => !l.combination).map((l) => l.goods.id)),
];

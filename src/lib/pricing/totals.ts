// The cart total, made in this order (cartTotals):
//   1. each line's amount at its charged unit price: ladder price for its quantity, the fixed
//      variant price (goods_price_id: daily special / near-expiry / is_yj), the flash price
//      (type 1, up to the per-user limit), or the pack price (type 3 combination, quantity = packs)
//      → goodsAmountFen = Σ line amounts. discounts.ladderFen reports what those prices saved
//      against base price; it is ALREADY inside goodsAmountFen and is NOT subtracted again.
//   2. welfare (/welfare 全场94折) per welfare line: net = floor(amount × rate)
//   3. full reduction (满减) per activity on the net amount of its lines: highest tier reached
//   4. coupon {thresholdFen, reduceFen, goodsIds?}: usable when the net amount of coupon-eligible
//      lines (withCoupon !== false, and in the coupon's scope: couponCovers) ≥ threshold; never
//      more than what remains
//   5. cash voucher {amountFen}: never more than what remains (does not pay shipping)
//   6. shipping: fee unless a counted line reached its own free-shipping quantity or the goods
//      amount (less group B goods) reaches the rule's threshold
//   payableFen = goodsAmountFen − discountFen + shippingFen, never below shippingFen ≥ 0.
// Only lines that are selected, buyable and in stock count (SPEC 5).
import { WELFARE_RATE } from '#/lib/constants.ts';
import {
  fullReductionTiers,
  type FullReductionActivity,
  type FullReductionResult,
} from './fullReduction.ts';
import { priceLine, type PricedLine } from './line.ts';
import { isCount, sumBy } from './numbers.ts';
import { DEFAULT_SHIPPING_RULE, orderShipping, type ShippingRule } from './shipping.ts';
import type { CartLine } from './types.ts';

export type Coupon = {
  id?: number | string;
  thresholdFen: number;
  reduceFen: number;
  /**
   * A scoped coupon (chosen goods, categories or brands, resolved by the server to goods ids):
   * only these goods count toward its threshold. Null or absent: every goods.
   */
  goodsIds?: ReadonlySet<number | string> | null;
};

/** Whether a coupon may be used on this line: a scoped coupon covers only its goods, never a pack. */
export function couponCovers(coupon: Coupon, line: CartLine): boolean {
  if (line.withCoupon === false) return false;
  if (!coupon.goodsIds) return true;
  if (line.type === 'combination') return false;
  return line.goods.id !== undefined && coupon.goodsIds.has(line.goods.id);
}
export type CashVoucher = { id?: number | string; amountFen: number };

export type CartTotalsOptions = {
  shipping?: ShippingRule;
  fullReductions?: readonly FullReductionActivity[];
  coupon?: Coupon | null;
  cashVoucher?: CashVoucher | null;
  /** default WELFARE_RATE (0.94) */
  welfareRate?: number;
};

export type CartTotals = {
  lines: PricedLine[];
  /** lines that count (selected, buyable, in stock) */
  selectedCount: number;
  /** Σ quantity of counted lines (packs for combinations) */
  selectedQuantity: number;
  /** Σ base price × quantity of counted lines (原价) */
  listAmountFen: number;
  /** Σ charged line amounts of counted lines (商品金额) */
  goodsAmountFen: number;
  discounts: {
    /** saved by ladder/flash/variant/pack prices; already inside goodsAmountFen, not in discountFen */
    ladderFen: number;
    welfareFen: number;
    fullReductionFen: number;
    couponFen: number;
    cashVoucherFen: number;
  };
  /** welfare + fullReduction + coupon + cashVoucher: what is subtracted from goodsAmountFen */
  discountFen: number;
  shippingFen: number;
  payableFen: number;
  fullReductions: (FullReductionResult & { id: number | string; subtotalFen: number })[];
  coupon: { applicable: boolean; shortByFen: number } | null;
  /** Σ gift_data.total of counted lines */
  giftTotal: number;
  /** SPEC's cart-state shipping_data, in FEN (convert with fenToYuan at the API boundary) */
  shipping_data: {
    shipping_amount: number;
    /** goods amount still missing for free shipping; 0 when free */
    no_trans_order_amount: number;
    group_b_goods_amount: number;
  };
};

export function cartTotals(
  lines: readonly CartLine[],
  options: CartTotalsOptions = {},
): CartTotals {
  const welfareRate = options.welfareRate ?? WELFARE_RATE;
  const priced = lines.map((l) => priceLine(l, { welfareRate }));
  const counted = priced.filter((p) => p.counted);

  const goodsAmountFen = sumBy(counted, (p) => p.amountFen);
  const listAmountFen = sumBy(counted, (p) => p.listAmountFen);
  const ladderFen = sumBy(counted, (p) => p.savingsFen);
  const welfareFen = sumBy(counted, (p) => p.welfareFen);
  let remaining = goodsAmountFen - welfareFen;

  // full reduction
  const fullReductions = (options.fullReductions ?? []).map((a) => {
    const subtotalFen = sumBy(
      counted.filter(
        (p) => a.scope === 'all' || (p.line.manjianId != null && p.line.manjianId === a.id),
      ),
      (p) => p.netFen,
    );
    return { id: a.id, subtotalFen, ...fullReductionTiers(a.tiers, subtotalFen) };
  });
  const fullReductionFen = Math.min(
    remaining,
    fullReductions.reduce((s, r) => s + r.reduceFen, 0),
  );
  remaining -= fullReductionFen;

  // coupon
  let couponFen = 0;
  let coupon: CartTotals['coupon'] = null;
  if (options.coupon) {
    const c = options.coupon;
    const base = sumBy(
      counted.filter((p) => couponCovers(c, p.line)),
      (p) => p.netFen,
    );
    const threshold = Math.max(0, options.coupon.thresholdFen);
    const applicable = base > 0 && base >= threshold;
    couponFen = applicable ? Math.min(Math.max(0, options.coupon.reduceFen), remaining) : 0;
    coupon = { applicable, shortByFen: applicable ? 0 : Math.max(1, threshold - base) };
  }
  remaining -= couponFen;

  // cash voucher
  const cashVoucherFen = options.cashVoucher
    ? Math.min(Math.max(0, options.cashVoucher.amountFen), remaining)
    : 0;
  remaining -= cashVoucherFen;

  const shipping = orderShipping(
    counted,
    goodsAmountFen,
    options.shipping ?? DEFAULT_SHIPPING_RULE,
  );

  const discountFen = welfareFen + fullReductionFen + couponFen + cashVoucherFen;
  return {
    lines: priced,
    selectedCount: counted.length,
    selectedQuantity: sumBy(counted, (p) => p.quantity),
    listAmountFen,
    goodsAmountFen,
    discounts: { ladderFen, welfareFen, fullReductionFen, couponFen, cashVoucherFen },
    discountFen,
    shippingFen: shipping.shippingFen,
    payableFen: Math.max(0, goodsAmountFen - discountFen) + shipping.shippingFen,
    fullReductions,
    coupon,
    giftTotal: sumBy(counted, (p) =>
      p.line.gift && isCount(p.line.gift.total) ? Math.max(0, p.line.gift.total) : 0,
    ),
    shipping_data: {
      shipping_amount: shipping.shippingFen,
      no_trans_order_amount: shipping.missingForFreeFen,
      group_b_goods_amount: shipping.groupBAmountFen,
    },
  };
}

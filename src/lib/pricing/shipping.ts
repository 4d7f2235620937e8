// The order's shipping fee: free when a counted line reached its own free-shipping quantity or the
// goods amount (less group B goods) reaches the shop's threshold.
import { DEFAULT_FREE_SHIPPING_THRESHOLD_FEN, DEFAULT_SHIPPING_FEE_FEN } from '#/lib/constants.ts';
import type { PricedLine } from './line.ts';
import { sumBy } from './numbers.ts';

export type ShippingRule = {
  /** fee charged when the goods amount is under the threshold */
  feeFen: number;
  /** goods amount (less group B unless groupBCountsToThreshold) at which shipping is free */
  freeThresholdFen: number;
  groupBCountsToThreshold?: boolean;
};

export const DEFAULT_SHIPPING_RULE: ShippingRule = {
  feeFen: DEFAULT_SHIPPING_FEE_FEN,
  freeThresholdFen: DEFAULT_FREE_SHIPPING_THRESHOLD_FEN,
};

export type OrderShipping = {
  shippingFen: number;
  /** goods amount still missing for free shipping; 0 when free */
  missingForFreeFen: number;
  groupBAmountFen: number;
};

/** Shipping for the counted lines of a cart whose goods amount is goodsAmountFen. */
export function orderShipping(
  counted: readonly PricedLine[],
  goodsAmountFen: number,
  rule: ShippingRule,
): OrderShipping {
  const groupBAmountFen = sumBy(
    counted.filter((p) => p.isGroupB),
    (p) => p.amountFen,
  );
  const thresholdAmount =
    goodsAmountFen - (rule.groupBCountsToThreshold === true ? 0 : groupBAmountFen);
  const freeByLine = counted.some((p) => p.freeShipping);
  const missingForFreeFen = freeByLine ? 0 : Math.max(0, rule.freeThresholdFen - thresholdAmount);
  const shippingFen = counted.length > 0 && missingForFreeFen > 0 ? Math.max(0, rule.feeFen) : 0;
  return { shippingFen, missingForFreeFen, groupBAmountFen };
}

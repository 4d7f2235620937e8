// 全场折扣 (/welfare, 94折 unless the merchandiser sets another rate): the goods the welfare rate
// covers. The zone's cards offer it and the cart applies it by this one rule.

/** The rates the merchandiser may set, in percent (50 = 5折, 99 = 9.9折). */
export const WELFARE_PERCENT_MIN = 50;
export const WELFARE_PERCENT_MAX = 99;

/** How a rate reads to buyers: 94 → 9.4折, 90 → 9折. */
export const welfareLabel = (percent: number): string => `${percent / 10}折`;

/**
 * Normal-priced goods that are neither controlled (控销) nor 含麻. A price variant (秒杀, 特价,
 * 近效期, 一价到底) already carries its own price, so the rate does not apply on top of it.
 */
export function inWelfareZone(
  g: { isControlled: boolean; isEphedrine: boolean },
  variantPriced: boolean,
): boolean {
  return !variantPriced && !g.isControlled && !g.isEphedrine;
}

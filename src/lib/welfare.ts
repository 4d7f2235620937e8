// 全场94折 (/welfare): the goods the welfare rate covers. The zone's cards offer it and the cart
// applies it by this one rule.

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

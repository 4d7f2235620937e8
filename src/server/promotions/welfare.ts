// 全场94折 (/welfare) on the server: which cart lines take the welfare rate, and the zone's price.
import { applyRate } from '#/lib/money.ts';
import { WELFARE_RATE } from '#/lib/constants.ts';
import { inWelfareZone } from '#/lib/welfare.ts';
import type { GoodsCard } from '#/server/catalog/cards.ts';

/**
 * Whether a cart line takes the welfare rate: a normal line (type 0) of goods in the welfare zone
 * (lib/welfare). Flash and combination lines carry their own price, so a welfare flag on them (or
 * on goods outside the zone) is ignored.
 */
export function welfareEligible(
  g: { isControlled: boolean; isEphedrine: boolean },
  type: number,
  hasVariant: boolean,
): boolean {
  return type === 0 && inWelfareZone(g, hasVariant);
}

/** A card's unit price on /welfare: WELFARE_RATE of it, floored to the fen, in the zone; else as is. */
export function welfarePrice(card: GoodsCard): number {
  return inWelfareZone(card.goods, card.variant !== null)
    ? applyRate(card.unitPrice, WELFARE_RATE)
    : card.unitPrice;
}

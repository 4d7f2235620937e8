import type { GoodsCardOut } from '#/server/catalog/present.ts';
import { inWelfareZone } from '#/lib/welfare.ts';
import { CART_LINE_TYPES } from '#/lib/constants.ts';

/** The detail link of a card, carrying its price variant so the detail shows and sells that price. */
export function detailHref(card: GoodsCardOut & { goods_manjian_id?: number }): string {
  const params: [string, string][] = [];
  if (card.goods_price_id) params.push(['goods_price_id', String(card.goods_price_id)]);
  if (card.is_yj) params.push(['is_yj', '1']);
  if (card.is_jxq) params.push(['is_jxq', '1']);
  if (card.goods_manjian_id) params.push(['goods_manjian_id', String(card.goods_manjian_id)]);
  // Most cards carry no variant: their link needs no query built.
  return params.length
    ? `/list/info/${card.id}?${new URLSearchParams(params)}`
    : `/list/info/${card.id}`;
}

/** The add-to-cart line of a card (POST /api/cart params). */
export function cartLine(card: GoodsCardOut & { goods_manjian_id?: number }, welfare = false) {
  return {
    goods_id: card.id,
    price: card.price ?? '0.00',
    ck_id: card.ck_id,
    goods_price_id: card.goods_price_id,
    ladder_price_id: null,
    goods_manjian_id: card.goods_manjian_id ?? null,
    is_yj: card.is_yj,
    ...(card.price_kind === 'flash' ? { type: CART_LINE_TYPES.flash } : {}),
    ...(welfare && isWelfareCard(card) ? { is_welfare: 1 } : {}),
  };
}

/** Whether the card's goods is in the welfare zone (全场94折, lib/welfare). */
function isWelfareCard(
  card: Pick<GoodsCardOut, 'is_controlled' | 'is_ephedrine' | 'price_kind'>,
): boolean {
  return inWelfareZone(
    { isControlled: card.is_controlled, isEphedrine: card.is_ephedrine },
    card.price_kind !== null,
  );
}

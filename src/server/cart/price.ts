// Cart lines through the ONE price engine (lib/pricing.ts). The server alone decides what is
// charged; the order transaction re-prices the same lines with the same function.
import { CART_LINE_TYPES } from '#/lib/constants.ts';
import { cartTotals, type CartTotals, type CartTotalsOptions } from '#/lib/pricing/totals.ts';
import { priceLine } from '#/lib/pricing/line.ts';
import { type CartLine } from '#/lib/pricing/types.ts';
import type { CartItem, UnpricedCartItem } from './model.ts';

/** Quantities above stock count at the stock: never sold beyond. */
export const countedQuantity = (l: UnpricedCartItem): number => Math.min(l.quantity, l.goods.stock);

/** The engine's line for a cart line, at the quantity that counts. */
export function pricingLine(l: UnpricedCartItem): CartLine {
  const common = {
    id: l.id,
    selected: l.selected,
    quantity: countedQuantity(l),
    manjianId: l.manjianId,
    welfare: l.welfare,
    gift: l.gift ? { total: l.gift.total, type: l.gift.type } : null,
  };
  if (l.combination) {
    const { id, packPriceFen, items } = l.combination;
    return { ...common, type: 'combination', combination: { id, packPriceFen, items } };
  }
  // A variant with a per-user limit (flash sale, daily special): units beyond it cost the ladder price.
  if (l.variantPriceFen !== null && (l.type === CART_LINE_TYPES.flash || l.variantLimit !== null)) {
    return {
      ...common,
      type: 'flash',
      goods: l.goods,
      priceFen: l.variantPriceFen,
      userLimit: l.variantLimit,
    };
  }
  return { ...common, type: 'normal', goods: l.goods, priceFen: l.variantPriceFen };
}

/** The line with its charged unit price and amount; priceChanged against the price the buyer saw. */
export function priced(l: UnpricedCartItem, seenPriceFen: number | null): CartItem {
  const p = priceLine(pricingLine(l));
  return {
    ...l,
    unitPriceFen: p.unitPriceFen,
    amountFen: p.amountFen,
    priceChanged: seenPriceFen !== null && seenPriceFen !== p.unitPriceFen,
  };
}

/** Totals by the price engine, at the welfare rate the merchandiser set (promotions/welfare). */
export function totalsFor(
  lines: readonly UnpricedCartItem[],
  options: CartTotalsOptions & { welfareRate: number },
): CartTotals {
  return cartTotals(lines.map(pricingLine), options);
}

// One line's charged price: ladder, variant, flash or pack price, and its welfare discount.
import { WELFARE_RATE } from '#/lib/constants.ts';
import { applyRate, mulFen } from '#/lib/money.ts';
import { isLineAvailable } from './availability.ts';
import { freeShippingHint } from './freeShipping.ts';
import { ladderUnitPrice } from './ladder.ts';
import { isCount } from './numbers.ts';
import type { CartLine } from './types.ts';

export type PricedLine = {
  line: CartLine;
  /** buyable and in stock */
  available: boolean;
  /** counts toward totals: selected, available, quantity ≥ 1 */
  counted: boolean;
  quantity: number;
  /** charged unit price (the pack price for a combination, the flash price for a flash line) */
  unitPriceFen: number;
  /** charged amount before order-level discounts */
  amountFen: number;
  /** amount at base prices */
  listAmountFen: number;
  /** listAmountFen − amountFen, not below 0 */
  savingsFen: number;
  /** welfare discount on this line (0 unless line.welfare) */
  welfareFen: number;
  /** amountFen − welfareFen */
  netFen: number;
  /** this line reached its own free-shipping quantity */
  freeShipping: boolean;
  isGroupB: boolean;
};

/** Prices one line on its own (computed even when it does not count; see `counted`). */
export function priceLine(line: CartLine, options: { welfareRate?: number } = {}): PricedLine {
  const quantity = isCount(line.quantity) ? Math.max(0, Math.floor(line.quantity)) : 0;
  const available = isLineAvailable(line);
  let unitPriceFen: number;
  let amountFen: number;
  let listAmountFen: number;
  let freeShipping: boolean;
  let isGroupB: boolean;

  if (line.type === 'combination') {
    const { packPriceFen, items } = line.combination;
    unitPriceFen = packPriceFen;
    amountFen = mulFen(packPriceFen, quantity);
    listAmountFen = 0;
    for (const i of items)
      listAmountFen += mulFen(i.goods.basePriceFen, mulFen(i.number, quantity));
    freeShipping =
      quantity > 0 && items.some((i) => freeShippingHint(i.goods, i.number * quantity).reached);
    isGroupB = items.length > 0 && items.every((i) => i.goods.isGroupB === true);
  } else {
    const { goods } = line;
    listAmountFen = mulFen(goods.basePriceFen, quantity);
    if (line.type === 'flash') {
      unitPriceFen = line.priceFen;
      const lim = line.userLimit;
      const atFlash = isCount(lim) && lim >= 0 ? Math.min(quantity, Math.floor(lim)) : quantity;
      const rest = quantity - atFlash;
      amountFen =
        mulFen(line.priceFen, atFlash) +
        (rest > 0 ? mulFen(ladderUnitPrice(goods, quantity), rest) : 0);
    } else {
      unitPriceFen = isCount(line.priceFen) ? line.priceFen : ladderUnitPrice(goods, quantity);
      amountFen = mulFen(unitPriceFen, quantity);
    }
    freeShipping = quantity > 0 && freeShippingHint(goods, quantity).reached;
    isGroupB = goods.isGroupB === true;
  }

  const welfareFen =
    line.welfare === true
      ? amountFen - applyRate(amountFen, options.welfareRate ?? WELFARE_RATE)
      : 0;
  return {
    line,
    available,
    counted: line.selected && available && quantity >= 1,
    quantity,
    unitPriceFen,
    amountFen,
    listAmountFen,
    savingsFen: Math.max(0, listAmountFen - amountFen),
    welfareFen,
    netFen: amountFen - welfareFen,
    freeShipping,
    isGroupB,
  };
}

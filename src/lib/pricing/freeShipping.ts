// Free shipping earned by one goods: the order ships free once a line reaches its quantity.
import { isCount } from './numbers.ts';
import type { PricingGoods } from './types.ts';

export type FreeShippingHint = {
  /** the goods offers free shipping at all */
  eligible: boolean;
  reached: boolean;
  /** units still missing; 0 when reached or not eligible */
  shortBy: number;
};

/** Free shipping when this line's quantity ≥ freeShippingNumber (at least 1). */
export function freeShippingHint(
  goods: Pick<PricingGoods, 'isFreeShipping' | 'freeShippingNumber'>,
  qty: number,
): FreeShippingHint {
  if (goods.isFreeShipping !== true) return { eligible: false, reached: false, shortBy: 0 };
  const n = Math.max(
    1,
    isCount(goods.freeShippingNumber) ? Math.ceil(goods.freeShippingNumber) : 1,
  );
  const q = isCount(qty) ? qty : 0;
  return q >= n
    ? { eligible: true, reached: true, shortBy: 0 }
    : { eligible: true, reached: false, shortBy: Math.ceil(n - q) };
}

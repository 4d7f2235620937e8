// 满赠: gifts earned by the quantity of one line.
import { isCount } from './numbers.ts';

export type GiftRule = { buyNumber: number; giftNumber: number; maxTotal?: number | null };

/** Every buyNumber units earn giftNumber gifts, up to maxTotal: buy 10 get 1 → 25 units = 2. */
export function giftsFor(rule: GiftRule, qty: number): number {
  if (!isCount(rule.buyNumber) || rule.buyNumber < 1 || !isCount(qty) || qty < 1) return 0;
  const total = Math.floor(qty / rule.buyNumber) * Math.max(0, Math.floor(rule.giftNumber));
  return isCount(rule.maxTotal) && rule.maxTotal >= 0
    ? Math.min(total, Math.floor(rule.maxTotal))
    : total;
}

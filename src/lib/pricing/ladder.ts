// 阶梯价: the unit price falls as the quantity reaches higher tiers.
import { isCount } from './numbers.ts';
import type { LadderTier, PricingGoods } from './types.ts';

/** Valid tiers, ascending by number; for a repeated number the lowest price wins. */
export function sortedLadder(goods: Pick<PricingGoods, 'ladder'>): LadderTier[] {
  const best = new Map<number, number>();
  for (const t of goods.ladder ?? []) {
    if (!isCount(t.number) || !isCount(t.priceFen) || t.number < 1 || t.priceFen < 0) continue;
    const prev = best.get(t.number);
    if (prev === undefined || t.priceFen < prev) best.set(t.number, t.priceFen);
  }
  return [...best.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([number, priceFen]) => ({ number, priceFen }));
}

/** The highest tier whose number ≤ qty, or null. */
function reachedTier(tiers: readonly LadderTier[], qty: number): LadderTier | null {
  let reached: LadderTier | null = null;
  for (const t of tiers) if (t.number <= qty) reached = t;
  return reached;
}

/** Unit price for qty units: the highest ladder tier reached, else the base price. */
export function ladderUnitPrice(
  goods: Pick<PricingGoods, 'basePriceFen' | 'ladder'>,
  qty: number,
): number {
  return reachedTier(sortedLadder(goods), qty)?.priceFen ?? goods.basePriceFen;
}

export type LadderHint =
  /** no ladder at all, or (with next*) no tier reached yet: nextNumber is the first tier */
  | { state: 'none'; nextNumber?: number; nextPriceFen?: number; shortBy?: number }
  /** a tier is reached and a higher one exists: buy shortBy more to get nextPriceFen */
  | {
      state: 'next';
      reachedNumber: number;
      reachedPriceFen: number;
      nextNumber: number;
      nextPriceFen: number;
      shortBy: number;
    }
  /** the highest tier is reached */
  | { state: 'reached'; reachedNumber: number; reachedPriceFen: number };

export function ladderHint(goods: Pick<PricingGoods, 'ladder'>, qty: number): LadderHint {
  const tiers = sortedLadder(goods);
  if (tiers.length === 0) return { state: 'none' };
  const reached = reachedTier(tiers, qty);
  const next = tiers.find((t) => t.number > qty);
  if (!reached) {
    const first = tiers[0]!;
    return {
      state: 'none',
      nextNumber: first.number,
      nextPriceFen: first.priceFen,
      shortBy: first.number - qty,
    };
  }
  if (next) {
    return {
      state: 'next',
      reachedNumber: reached.number,
      reachedPriceFen: reached.priceFen,
      nextNumber: next.number,
      nextPriceFen: next.priceFen,
      shortBy: next.number - qty,
    };
  }
  return { state: 'reached', reachedNumber: reached.number, reachedPriceFen: reached.priceFen };
}

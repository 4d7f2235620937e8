// What a return gives back and where the goods go, as pure arithmetic on integer fen and units.

/** What the store paid for a line: its amount less its share of the order's discounts. */
export const linePaidFen = (line: { amount: number; discount: number }) =>
  Math.max(0, line.amount - line.discount);

/**
 * The refund for `units` more units of a line of which `prior` units were refunded before:
 * each unit is worth the line's paid amount over its units, floored to the fen on the running
 * total, so every refund of the line together never exceeds what was paid for it.
 */
export function returnRefundFen(
  line: { amount: number; discount: number; number: number },
  prior: number,
  units: number,
): number {
  if (line.number <= 0 || units <= 0) return 0;
  const paid = BigInt(linePaidFen(line));
  const n = BigInt(line.number);
  const upTo = (u: number) => (paid * BigInt(Math.min(u, line.number))) / n;
  return Number(upTo(prior + units) - upTo(prior));
}

export interface LotShare {
  lotId: number;
  number: number;
}

/**
 * Puts `units` returned units back into the lots a line was served from, in the order given,
 * after the `prior` units earlier returns put back: each lot takes back at most what it gave.
 * Units beyond what the lots gave (never, while returns stay within what was bought) go to the
 * last lot.
 */
export function lotsToRestock(lots: readonly LotShare[], prior: number, units: number): LotShare[] {
  const out = new Map<number, number>();
  let skip = prior;
  let left = units;
  for (const lot of lots) {
    if (left === 0) break;
    const free = Math.max(0, lot.number - skip);
    skip = Math.max(0, skip - lot.number);
    const take = Math.min(free, left);
    if (take > 0) out.set(lot.lotId, (out.get(lot.lotId) ?? 0) + take);
    left -= take;
  }
  const last = lots.at(-1);
  if (left > 0 && last) out.set(last.lotId, (out.get(last.lotId) ?? 0) + left);
  return [...out].map(([lotId, number]) => ({ lotId, number }));
}

// Which lots a line is given. The near-expiry zone (/jxqzc) sells some lots at a discount: those
// go only to lines bought at that lot's own near-expiry price, and a full-price line takes the
// other lots, earliest expiry first (FEFO). Reservation, the detail page and checkout all use it.

export type LotOption = { id: number; expiresOn: string; stock: number };

export type LotTake<L extends LotOption = LotOption> = { lot: L; units: number };

export type LotChoice<L extends LotOption> = {
  takes: LotTake<L>[];
  /** units the line's lots cannot cover */
  missing: number;
  /** units on discounted lots this line may not take (what the near-expiry offer still sells) */
  discountedStock: number;
};

/**
 * `ownLot`: the lot a near-expiry price variant sells, when the line is bought at that price;
 * `discounted`: the lots the near-expiry zone sells at a discount right now.
 */
export function chooseLots<L extends LotOption>(
  lots: readonly L[],
  quantity: number,
  ownLot: number | null,
  discounted: ReadonlySet<number>,
): LotChoice<L> {
  const mayTake = (l: L) => (ownLot !== null ? l.id === ownLot : !discounted.has(l.id));
  const eligible = lots
    .filter((l) => l.stock > 0 && mayTake(l))
    .sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.id - b.id);
  const takes: LotTake<L>[] = [];
  let left = quantity;
  for (const lot of eligible) {
    if (left === 0) break;
    const units = Math.min(left, lot.stock);
    takes.push({ lot, units });
    left -= units;
  }
  const discountedStock =
    ownLot !== null
      ? 0
      : lots.filter((l) => l.stock > 0 && discounted.has(l.id)).reduce((s, l) => s + l.stock, 0);
  return { takes, missing: left, discountedStock };
}

/** The expiry months of the lots taken, as the buyer reads them: "2027-05 ~ 2027-09" or "2027-05". */
export function expiryRange(takes: readonly LotTake[]): string | null {
  if (takes.length === 0) return null;
  const months = takes.map((t) => t.lot.expiresOn.slice(0, 7)).sort();
  const first = months[0]!;
  const last = months[months.length - 1]!;
  return first === last ? first : `${first} ~ ${last}`;
}

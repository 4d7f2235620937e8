// 会员等级价: a goods may sell to buyers of a member rank (companies.rank, 1–5) below its base
// price. The buyer's price replaces the base price everywhere a price is made for that buyer (the
// catalogue's cards, the cart, the order); ladder tiers apply only where they are cheaper still.

/** Member rank ("1"–"5") → unit price in fen. */
export type RankPrices = Readonly<Record<string, number>>;

/** The member ranks a store may hold (价格等级). */
export const MEMBER_RANKS = [1, 2, 3, 4, 5] as const;

/** The unit price before ladder for a buyer of `rank` (null: a visitor): the rank's, else the base. */
export function buyerBasePrice(
  g: { basePrice: number; rankPrices: RankPrices },
  rank: number | null | undefined,
): number {
  const own = rank == null ? undefined : g.rankPrices[String(rank)];
  return own !== undefined && own < g.basePrice ? own : g.basePrice;
}

/** Ladder tiers that still save against the buyer's price. */
export const ladderBelow = <T extends { price: number }>(
  ladder: readonly T[],
  unitFen: number,
): T[] => ladder.filter((t) => t.price < unitFen);

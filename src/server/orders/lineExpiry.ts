// The expiry range each checkout line would receive if ordered now, by the rule reservation
// follows (lotChoice.ts), so step 2 shows the buyer what the order will reserve.
import { and, gt, inArray } from 'drizzle-orm';
import { CART_LINE_TYPES } from '#/lib/constants.ts';
import type { CartItem } from '#/server/cart/model.ts';
import type { Db } from '#/server/db/client.ts';
import { goodsLots } from '#/server/db/schema/index.ts';
import { discountedLots, variantLots } from '#/server/promotions/variants.ts';
import { chooseLots, expiryRange } from './lotChoice.ts';

/** Line id → "2027-05 ~ 2027-09"; combinations (several goods) and lines without stock have none. */
export async function lineExpiryRanges(
  db: Db,
  lines: readonly CartItem[],
): Promise<Map<number, string | null>> {
  const single = lines.filter((l) => l.type !== CART_LINE_TYPES.combination && !l.combination);
  const goodsIds = [...new Set(single.map((l) => l.goods.id))];
  if (goodsIds.length === 0) return new Map();
  const [lots, discounted, own] = await Promise.all([
    db
      .select()
      .from(goodsLots)
      .where(and(inArray(goodsLots.goodsId, goodsIds), gt(goodsLots.stock, 0))),
    discountedLots(db, goodsIds),
    variantLots(
      db,
      single.flatMap((l) => (l.variantPriceFen !== null && l.goodsPriceId ? [l.goodsPriceId] : [])),
    ),
  ]);
  return new Map(
    single.map((l) => {
      const ownLot =
        l.variantPriceFen !== null && l.goodsPriceId ? (own.get(l.goodsPriceId) ?? null) : null;
      const choice = chooseLots(
        lots.filter((x) => x.goodsId === l.goods.id),
        l.quantity,
        ownLot,
        discounted,
      );
      return [l.id, expiryRange(choice.takes)];
    }),
  );
}

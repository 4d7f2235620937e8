// 组合购: packs of several goods sold at one pack price, for the zone and for the cart and order.
import { and, asc, inArray } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { combinationItems, combinations } from '#/server/db/schema/index.ts';
import type { BuyerCompany } from '#/server/eligibility.ts';
import { cardsByIds, type GoodsCard } from '#/server/catalog/cards.ts';
import { hiddenPrice, type HiddenPrice } from '#/lib/priceVisibility.ts';
import { openNow } from './openWindow.ts';

export type CombinationPack = {
  id: number;
  name: string;
  packPriceFen: number;
  items: { goodsId: number; number: number }[];
};

/** Packs on sale by id with their items (goods id order); unknown, ended and empty packs are left out. */
export async function loadCombinations(
  q: Db | Tx,
  ids: readonly number[],
): Promise<Map<number, CombinationPack>> {
  const wanted = [...new Set(ids.filter((i) => i > 0))];
  if (wanted.length === 0) return new Map();
  const combos = await q
    .select()
    .from(combinations)
    .where(and(inArray(combinations.id, wanted), openNow(combinations)));
  const items = combos.length
    ? await q
        .select()
        .from(combinationItems)
        .where(
          inArray(
            combinationItems.combinationId,
            combos.map((c) => c.id),
          ),
        )
        .orderBy(asc(combinationItems.goodsId))
    : [];
  const out = new Map<number, CombinationPack>();
  for (const c of combos) {
    const mine = items
      .filter((i) => i.combinationId === c.id)
      .map((i) => ({ goodsId: i.goodsId, number: i.number }));
    if (mine.length)
      out.set(c.id, { id: c.id, name: c.name, packPriceFen: c.packPrice, items: mine });
  }
  return out;
}

/** Packs that the items' stock allows. */
export function packsInStock(items: readonly { number: number; stock: number }[]): number {
  if (items.length === 0) return 0;
  return Math.max(
    0,
    Math.min(...items.map((i) => Math.floor(Math.max(0, i.stock) / Math.max(1, i.number)))),
  );
}

/** A pack as the zone shows it to one buyer. */
export interface CombinationOffer {
  id: number;
  name: string;
  packPrice: number;
  /** what the items cost at their base prices */
  listPrice: number;
  items: { card: GoodsCard; packNumber: number }[];
  /** null when the reader sees prices, else what to show instead (lib/priceVisibility) */
  hiddenPrice: HiddenPrice | null;
  /** every item may be bought, in the pack's number */
  buyable: boolean;
}

/** 组合购: packs with their items; a pack is buyable when every item is. */
export async function combinationZone(company: BuyerCompany | null): Promise<CombinationOffer[]> {
  const db = await getDb();
  const combos = await db
    .select()
    .from(combinations)
    .where(openNow(combinations))
    .orderBy(asc(combinations.id));
  const items = combos.length
    ? await db
        .select()
        .from(combinationItems)
        .where(
          inArray(
            combinationItems.combinationId,
            combos.map((c) => c.id),
          ),
        )
    : [];
  const cards = new Map(
    (await cardsByIds([...new Set(items.map((i) => i.goodsId))], company)).map((c) => [
      c.goods.id,
      c,
    ]),
  );
  return combos.map((c) => {
    const mine = items
      .filter((i) => i.combinationId === c.id)
      .flatMap((i) => {
        const card = cards.get(i.goodsId);
        return card ? [{ card, packNumber: i.number }] : [];
      });
    return {
      id: c.id,
      name: c.name,
      packPrice: c.packPrice,
      listPrice: mine.reduce((s, i) => s + i.card.goods.basePrice * i.packNumber, 0),
      items: mine,
      hiddenPrice: hiddenPrice(company),
      buyable: mine.length > 0 && mine.every((i) => i.card.buyable && i.card.stock >= i.packNumber),
    };
  });
}

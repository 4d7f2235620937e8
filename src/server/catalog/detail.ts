// The goods detail: the card with the price variant the link chose, every lot, the category and
// brand, and the promotions the goods takes part in.
import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import {
  brands,
  categories,
  combinationItems,
  combinations,
  giftRules,
  goods,
  goodsPrices,
  manjianActivities,
  manjianGoods,
} from '#/server/db/schema/index.ts';
import type { BuyerCompany } from '#/server/eligibility.ts';
import { notFound } from '#/server/errors.ts';
import { namedCache, tag } from '#/server/cache.ts';
import { goodsSnapshot, type GoodsRow, type Lot } from '#/server/goodsSnapshots.ts';
import { chooseLots, expiryRange } from '#/server/orders/lotChoice.ts';
import { discountedLots } from '#/server/promotions/variants.ts';
import { NEAR_EXPIRY_DAYS, SEARCH_CACHE_MAX_AGE_MS } from '#/lib/constants.ts';
import { cardOf, type GoodsCard, type Variant } from './cards.ts';
import type { DetailQuery } from './query.ts';

export interface GoodsDetail {
  card: GoodsCard;
  category: { id: number; name: string; parent: string | null };
  brand: string | null;
  /** every lot, earliest expiry first, sold-out ones too */
  lots: (Lot & { nearExpiry: boolean })[];
  /** the expiry months of the lots this page's price is served from (orders/lotChoice.ts) */
  expiryRange: string | null;
  /** the 满减 activity the link named, else the goods' first active one */
  fullReduction: typeof manjianActivities.$inferSelect | null;
  gifts: (typeof giftRules.$inferSelect)[];
  combinations: {
    id: number;
    name: string;
    packPrice: number;
    items: { goodsId: number; name: string; number: number }[];
  }[];
  /** the quantity the buy box starts at: the ladder tier the link pointed at, else one pack */
  startNumber: number;
  /** every price variant of the goods running now (flash sale, daily special, near-expiry lot…) */
  offers: Variant[];
}

async function pickVariant(goodsId: number, q: DetailQuery): Promise<Variant | null> {
  const db = await getDb();
  const now = new Date();
  const active = and(
    eq(goodsPrices.goodsId, goodsId),
    sql`${goodsPrices.startsAt} <= ${now}`,
    gte(goodsPrices.endsAt, now),
  );
  let cond: SQL | undefined;
  if (q.goods_price_id) cond = eq(goodsPrices.id, q.goods_price_id);
  else if (q.is_jxq === '1') cond = eq(goodsPrices.kind, 'near_expiry');
  else if (q.is_yj === '1') cond = eq(goodsPrices.kind, 'yj');
  if (!cond) return null;
  // A stale or foreign variant link falls back to the normal price rather than failing.
  const [v] = await db
    .select()
    .from(goodsPrices)
    .where(and(active, cond))
    .orderBy(asc(goodsPrices.price))
    .limit(1);
  return v ?? null;
}

// What a detail shows besides price and stock: category, brand and the promotions it takes part
// in. Cached per goods for a few seconds; prices, lots and eligibility are read on every request.
async function detailExtras(g: GoodsRow) {
  const db = await getDb();
  const now = new Date();
  const [cat, brandRow, mjRows, giftRows, comboRows, offerRows] = await Promise.all([
    db.select().from(categories).where(eq(categories.id, g.categoryId)).limit(1),
    g.brandId
      ? db.select({ name: brands.name }).from(brands).where(eq(brands.id, g.brandId)).limit(1)
      : Promise.resolve([]),
    db
      .select({ a: manjianActivities })
      .from(manjianGoods)
      .innerJoin(manjianActivities, eq(manjianActivities.id, manjianGoods.activityId))
      .where(
        and(
          eq(manjianGoods.goodsId, g.id),
          gte(manjianActivities.endsAt, now),
          sql`${manjianActivities.startsAt} <= ${now}`,
        ),
      ),
    db.select().from(giftRules).where(eq(giftRules.goodsId, g.id)),
    db
      .select({ c: combinations })
      .from(combinationItems)
      .innerJoin(combinations, eq(combinations.id, combinationItems.combinationId))
      .where(eq(combinationItems.goodsId, g.id)),
    db
      .select()
      .from(goodsPrices)
      .where(
        and(
          eq(goodsPrices.goodsId, g.id),
          sql`${goodsPrices.startsAt} <= ${now}`,
          gte(goodsPrices.endsAt, now),
        ),
      )
      .orderBy(asc(goodsPrices.price), asc(goodsPrices.id)),
  ]);
  const parent = cat[0]?.parentId
    ? ((
        await db
          .select({ name: categories.name })
          .from(categories)
          .where(eq(categories.id, cat[0].parentId))
          .limit(1)
      )[0]?.name ?? null)
    : null;
  const comboItems = comboRows.length
    ? await db
        .select({
          combinationId: combinationItems.combinationId,
          goodsId: combinationItems.goodsId,
          number: combinationItems.number,
          name: goods.name,
        })
        .from(combinationItems)
        .innerJoin(goods, eq(goods.id, combinationItems.goodsId))
        .where(
          inArray(
            combinationItems.combinationId,
            comboRows.map((r) => r.c.id),
          ),
        )
    : [];
  return {
    category: cat[0]?.name ?? '',
    parent,
    brand: brandRow[0]?.name ?? null,
    mjRows: mjRows.map((r) => r.a),
    giftRows,
    offerRows,
    combinations: comboRows.map((r) => ({
      id: r.c.id,
      name: r.c.name,
      packPrice: r.c.packPrice,
      items: comboItems
        .filter((i) => i.combinationId === r.c.id)
        .map((i) => ({ goodsId: i.goodsId, name: i.name, number: i.number })),
    })),
  };
}
const extras = namedCache<Awaited<ReturnType<typeof detailExtras>>>('goodsDetailExtras', {
  ttlMs: SEARCH_CACHE_MAX_AGE_MS,
  maxEntries: 2000,
});

export async function goodsDetail(
  id: number,
  q: DetailQuery,
  company: BuyerCompany | null,
): Promise<GoodsDetail> {
  const snap = await goodsSnapshot(id);
  if (!snap) throw notFound('商品不存在或已下架');
  const g = snap.row;
  const [variant, ex] = await Promise.all([
    pickVariant(id, q),
    extras.get(String(id), () => detailExtras(g), [tag.goods(id)]),
  ]);
  // The lots a line bought here may receive: a near-expiry variant's own lot, else the lots the
  // near-expiry zone does not discount. The card's lot and stock follow them.
  const ownLot = variant?.kind === 'near_expiry' ? variant.lotId : null;
  const { takes } = chooseLots(
    snap.lots,
    Number.POSITIVE_INFINITY,
    ownLot,
    ownLot === null ? await discountedLots(await getDb(), [id]) : new Set<number>(),
  );
  const shown = cardOf(snap, company, variant);
  const card = {
    ...shown,
    lot: takes[0]?.lot ?? null,
    stock: Math.min(
      shown.stock,
      takes.reduce((n, t) => n + t.units, 0),
    ),
  };
  const fullReduction =
    (q.goods_manjian_id ? ex.mjRows.find((r) => r.id === q.goods_manjian_id) : undefined) ??
    ex.mjRows[0] ??
    null;
  const startNumber =
    (q.ladder_price_id && card.ladders.find((l) => l.id === q.ladder_price_id)?.minNumber) ||
    Math.max(1, g.mustMultiple ? g.innerPack : 1);
  const now = Date.now();
  const soon = new Date(now + NEAR_EXPIRY_DAYS * 24 * 3600 * 1000).toISOString().slice(0, 10);
  return {
    card,
    category: { id: g.categoryId, name: ex.category, parent: ex.parent },
    brand: ex.brand,
    lots: snap.lots.map((l) => ({ ...l, nearExpiry: l.expiresOn < soon })),
    expiryRange: expiryRange(takes),
    fullReduction,
    gifts: ex.giftRows,
    combinations: ex.combinations,
    startNumber,
    // A near-expiry price is for its lot: none once the lot is sold out.
    offers: ex.offerRows.filter(
      (v) =>
        v.startsAt.getTime() <= now &&
        v.endsAt.getTime() >= now &&
        (v.lotId === null || snap.lots.some((l) => l.id === v.lotId && l.stock > 0)),
    ),
  };
}

// The goods detail: the card with the price variant the link chose, every lot, the category and
// brand, and the promotions the goods takes part in, all from the catalogue read model.
import { getDb } from '#/server/db/client.ts';
import { brands } from '#/server/db/schema/index.ts';
import type { BuyerCompany } from '#/server/eligibility.ts';
import { notFound } from '#/server/errors.ts';
import { namedCache, tag } from '#/server/cache.ts';
import {
  catalogModel,
  goodsSnapshot,
  type Combination,
  type FullReduction,
  type GiftRule,
  type GoodsSnapshot,
  type Lot,
  type PriceVariantRow,
} from '#/server/goodsSnapshots.ts';
import { chooseLots, expiryRange } from '#/server/orders/lotChoice.ts';
import { SEARCH_CACHE_MAX_AGE_MS } from '#/lib/constants.ts';
import { allCategories } from './list.ts';
import { nearExpiryCutoff } from './listFromModel.ts';
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
  fullReduction: FullReduction | null;
  gifts: GiftRule[];
  combinations: Combination[];
  /** the quantity the buy box starts at: the ladder tier the link pointed at, else one pack */
  startNumber: number;
  /** every price variant of the goods running now (flash sale, daily special, near-expiry lot…) */
  offers: Variant[];
}

/** The price variant a link names, if it is running now; a stale or foreign link gets the normal price. */
function pickVariant(s: GoodsSnapshot, q: DetailQuery, now: number): Variant | null {
  const wanted = (v: PriceVariantRow) =>
    q.goods_price_id
      ? v.id === q.goods_price_id
      : q.is_jxq === '1'
        ? v.kind === 'near_expiry'
        : q.is_yj === '1' && v.kind === 'yj';
  if (!q.goods_price_id && q.is_jxq !== '1' && q.is_yj !== '1') return null;
  // Variants are held cheapest first.
  return s.promotions.variants.find((v) => running(v, now) && wanted(v)) ?? null;
}

const running = (w: { startsAt: Date; endsAt: Date }, now: number) =>
  w.startsAt.getTime() <= now && w.endsAt.getTime() >= now;
/** 满赠 and 组合购 may be left open-ended (promotions/openWindow.ts): started, and not ended yet. */
const open = (w: { startsAt: Date; endsAt: Date | null }, now: number) =>
  w.startsAt.getTime() <= now && (w.endsAt === null || w.endsAt.getTime() > now);

// Brands are a few hundred rows: read whole, kept for a few seconds (categories: list.ts).
const brandNames = namedCache<Map<number, string>>('brandNames', {
  ttlMs: SEARCH_CACHE_MAX_AGE_MS,
  maxEntries: 1,
});
async function loadBrandNames() {
  const rows = await (await getDb()).select({ id: brands.id, name: brands.name }).from(brands);
  return new Map(rows.map((b) => [b.id, b.name]));
}

export async function goodsDetail(
  id: number,
  q: DetailQuery,
  company: BuyerCompany | null,
): Promise<GoodsDetail> {
  const snap = await goodsSnapshot(id);
  if (!snap) throw notFound('商品不存在或已下架');
  const g = snap.row;
  const now = Date.now();
  const variant = pickVariant(snap, q, now);
  const [cats, brandsById] = await Promise.all([
    allCategories(),
    brandNames.get('all', loadBrandNames, [tag.anyGoods]),
  ]);
  const categoryOf = (categoryId: number) => cats.find((c) => c.id === categoryId);
  const offers = snap.promotions.variants.filter(
    // A near-expiry price is for its lot: none once the lot is sold out.
    (v) =>
      running(v, now) &&
      (v.lotId === null || snap.lots.some((l) => l.id === v.lotId && l.stock > 0)),
  );
  // The lots a line bought here may receive: a near-expiry variant's own lot, else the lots the
  // near-expiry zone does not discount. The card's lot and stock follow them.
  const ownLot = variant?.kind === 'near_expiry' ? variant.lotId : null;
  const discounted = new Set(
    snap.promotions.variants.flatMap((v) =>
      v.kind === 'near_expiry' && v.lotId !== null && running(v, now) ? [v.lotId] : [],
    ),
  );
  const { takes } = chooseLots(
    snap.lots,
    Number.POSITIVE_INFINITY,
    ownLot,
    ownLot === null ? discounted : new Set<number>(),
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
  const fullReductions = snap.promotions.fullReductions.filter((a) => running(a, now));
  const category = categoryOf(g.categoryId);
  const model = catalogModel();
  const fullReduction =
    (q.goods_manjian_id ? fullReductions.find((r) => r.id === q.goods_manjian_id) : undefined) ??
    fullReductions[0] ??
    null;
  const startNumber =
    (q.ladder_price_id && card.ladders.find((l) => l.id === q.ladder_price_id)?.minNumber) ||
    Math.max(1, g.mustMultiple ? g.innerPack : 1);
  const soon = nearExpiryCutoff(now);
  return {
    card,
    category: {
      id: g.categoryId,
      name: category?.name ?? '',
      parent: (category?.parentId && categoryOf(category.parentId)?.name) || null,
    },
    brand: (g.brandId && brandsById.get(g.brandId)) || null,
    lots: snap.lots.map((l) => ({ ...l, nearExpiry: l.expiresOn < soon })),
    expiryRange: expiryRange(takes),
    fullReduction,
    gifts: snap.promotions.gifts.filter((g) => open(g, now)),
    // An item's name as the read model has it now, should it have been renamed since.
    combinations: snap.promotions.combinations
      .filter((c) => open(c, now))
      .map((c) => ({
        ...c,
        items: c.items.map((i) => ({
          ...i,
          name: model?.goods.get(i.goodsId)?.row.name ?? i.name,
        })),
      })),
    startNumber,
    offers,
  };
}

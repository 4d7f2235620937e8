// Promotions in the SPEC's wire format: zones, activities and coupons with snake_case names and
// yuan strings; goods as the catalogue presents its cards.
import type { ActivityKind } from '#/server/db/schema/index.ts';
import { shopIso } from '#/lib/shopClock.ts';
import type { GoodsCard } from '#/server/catalog/cards.ts';
import { presentCard, shownPrice, type GoodsCardOut } from '#/server/catalog/present.ts';
import { fenToYuan } from '#/lib/money.ts';
import type { Activity, ActivityWithGoods } from './activities.ts';
import { packsInStock, type CombinationOffer } from './combinations.ts';
import type { Coupon, CouponTemplate } from './coupons.ts';
import type { FullReductionZoneEntry } from './fullReduction.ts';
import { welfarePrice } from './welfare.ts';

export interface ActivityOut {
  id: number;
  kind: ActivityKind;
  title: string;
  intro: string;
  url: string;
  started: boolean;
  starts_at: string;
  ends_at: string;
}

export interface ActivityWithGoodsOut extends ActivityOut {
  goods: GoodsCardOut[];
}

export interface CombinationOut {
  id: number;
  name: string;
  pack_price: string | null;
  list_price: string | null;
  price_text: string | null;
  price_url: string | null;
  items: (GoodsCardOut & { pack_number: number })[];
  is_buy: boolean;
  /** whole packs the items' stock makes */
  packs_in_stock: number;
}

export function presentActivity(a: Activity): ActivityOut {
  return {
    id: a.id,
    kind: a.kind,
    title: a.title,
    intro: a.intro,
    url: a.url,
    started: a.started,
    starts_at: shopIso(a.startsAt),
    ends_at: shopIso(a.endsAt),
  };
}

export function presentActivityWithGoods(a: ActivityWithGoods): ActivityWithGoodsOut {
  return { ...presentActivity(a), goods: a.goods.map(presentCard) };
}

export function presentCombination(c: CombinationOffer): CombinationOut {
  return {
    id: c.id,
    name: c.name,
    pack_price: shownPrice(c, c.packPrice),
    list_price: shownPrice(c, c.listPrice),
    price_text: c.hiddenPrice?.text ?? null,
    price_url: c.hiddenPrice?.href ?? null,
    items: c.items.map((i) => ({ ...presentCard(i.card), pack_number: i.packNumber })),
    is_buy: c.buyable,
    packs_in_stock: packsInStock(
      c.items.map((i) => ({ number: i.packNumber, stock: i.card.stock })),
    ),
  };
}

/** The 满减 zone: each activity with its tiers and its goods, linked to the activity. */
export function presentFullReductionZone(zone: FullReductionZoneEntry[]) {
  return zone.map(({ activity: a, cards }) => ({
    id: a.id,
    name: a.name,
    tiers: a.tiers.map((t) => ({ amount: fenToYuan(t.amount), reduce: fenToYuan(t.reduce) })),
    goods: cards.map((c) => ({ ...presentCard(c), goods_manjian_id: a.id })),
  }));
}

export function presentCashbackRule(r: { id: number; amount: number; back: number }) {
  return { id: r.id, amount: fenToYuan(r.amount), back: fenToYuan(r.back) };
}

export function presentBrand(b: { id: number; name: string; logo: string; goodsCount: number }) {
  return { id: b.id, name: b.name, logo: b.logo, goods_count: b.goodsCount };
}

export function presentCouponTemplate(t: CouponTemplate & { claimed: boolean; scopeText: string }) {
  return {
    id: t.id,
    kind: t.kind,
    name: t.name,
    threshold: fenToYuan(t.threshold),
    amount: fenToYuan(t.amount),
    scope: t.scope,
    scope_text: t.scopeText,
    valid_days: t.validDays,
    ends_at: shopIso(t.endsAt),
    claimed: t.claimed,
  };
}

export function presentClaimedCoupon(c: Coupon) {
  return {
    coupon_id: c.id,
    name: c.name,
    threshold: fenToYuan(c.threshold),
    amount: fenToYuan(c.amount),
    ends_at: shopIso(c.endsAt),
  };
}

/** The /welfare zone's price of each card (yuan, hidden from readers who may not see prices), by goods id. */
export function welfarePrices(
  cards: readonly GoodsCard[],
  rate: number,
): Map<number, string | null> {
  return new Map(cards.map((c) => [c.goods.id, shownPrice(c, welfarePrice(c, rate))]));
}

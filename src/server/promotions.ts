// Zones and promotions read from schema/promotions.ts: full reduction, combinations, cashback,
// curated activities, controlled sales and the brand zone.
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import {
  activities, brands, cashbackRules, combinationItems, combinations, controlledRules, goods, manjianActivities, manjianGoods,
  type ActivityKind,
} from './db/schema/index.ts';
import { cardsByIds, cardsFor, type GoodsCard, type GoodsPage } from './catalog.ts';
import { controlledVisible, type BuyerCompany } from './eligibility.ts';
import { notFound } from './http/errors.ts';
import { applyRate, fenToYuan, yuanToFen } from '../lib/money.ts';
import { WELFARE_RATE } from '../lib/constants.ts';

const activeNow = () => new Date();

/** 满减 activities with their tiers and a page of their goods. */
export async function manjianZone(company: BuyerCompany | null, perActivity = 10) {
  const db = await getDb();
  const now = activeNow();
  const acts = await db.select().from(manjianActivities)
    .where(and(sql`${manjianActivities.startsAt} <= ${now}`, gte(manjianActivities.endsAt, now))).orderBy(asc(manjianActivities.id));
  return Promise.all(acts.map(async (a) => {
    const ids = await db.select({ id: manjianGoods.goodsId }).from(manjianGoods).where(eq(manjianGoods.activityId, a.id)).limit(perActivity);
    return {
      id: a.id,
      name: a.name,
      tiers: a.tiers.map((t) => ({ amount: fenToYuan(t.amount), reduce: fenToYuan(t.reduce) })),
      goods: (await cardsByIds(ids.map((i) => i.id), company)).map((c) => ({ ...c, goods_manjian_id: a.id })),
    };
  }));
}

export interface CombinationOut {
  id: number;
  name: string;
  pack_price: string | null;
  list_price: string | null;
  items: (GoodsCard & { pack_number: number })[];
  is_buy: boolean;
}

/** 组合购: packs with their items; a pack is buyable when every item is. */
export async function combinationZone(company: BuyerCompany | null): Promise<CombinationOut[]> {
  const db = await getDb();
  const combos = await db.select().from(combinations).orderBy(asc(combinations.id));
  const items = combos.length
    ? await db.select().from(combinationItems).where(inArray(combinationItems.combinationId, combos.map((c) => c.id)))
    : [];
  const cards = new Map((await cardsByIds([...new Set(items.map((i) => i.goodsId))], company)).map((c) => [c.id, c]));
  const member = company !== null;
  return combos.map((c) => {
    const mine = items.filter((i) => i.combinationId === c.id).flatMap((i) => {
      const card = cards.get(i.goodsId);
      return card ? [{ ...card, pack_number: i.number }] : [];
    });
    const listFen = mine.reduce((s, i) => s + (yuanToFen(i.base_price ?? '0') ?? 0) * i.pack_number, 0);
    return {
      id: c.id,
      name: c.name,
      pack_price: member ? fenToYuan(c.packPrice) : null,
      list_price: member ? fenToYuan(listFen) : null,
      items: mine,
      is_buy: mine.length > 0 && mine.every((i) => i.is_buy && i.number >= i.pack_number),
    };
  });
}

export async function cashbackZone() {
  const db = await getDb();
  const rules = await db.select().from(cashbackRules).orderBy(asc(cashbackRules.amount));
  return rules.map((r) => ({ id: r.id, amount: fenToYuan(r.amount), back: fenToYuan(r.back) }));
}

/** /welfare: goods of the welfare zone at WELFARE_RATE (94 %) of its price, floored to the fen; others at their price. */
export function welfarePrice(card: GoodsCard): string | null {
  if (card.price === null || card.is_controlled || card.is_ephedrine || card.price_kind !== null) return card.price;
  return fenToYuan(applyRate(yuanToFen(card.price) ?? 0, WELFARE_RATE));
}

export interface ActivityOut {
  id: number;
  kind: ActivityKind;
  title: string;
  intro: string;
  url: string;
  started: boolean;
  starts_at: string;
  ends_at: string;
  goods: GoodsCard[];
}

export async function activitiesOf(kind: ActivityKind): Promise<Omit<ActivityOut, 'goods'>[]> {
  const db = await getDb();
  const rows = await db.select().from(activities).where(eq(activities.kind, kind)).orderBy(asc(activities.sort), asc(activities.id));
  const now = Date.now();
  return rows.map((a) => ({
    id: a.id, kind: a.kind, title: a.title, intro: a.intro, url: a.url,
    started: a.startsAt.getTime() <= now && a.endsAt.getTime() >= now,
    starts_at: a.startsAt.toISOString(), ends_at: a.endsAt.toISOString(),
  }));
}

/** One activity with its goods; `kind` restricts which pages may show it. Unknown → 404. */
export async function activityWithGoods(id: number, company: BuyerCompany | null, kinds?: readonly ActivityKind[]): Promise<ActivityOut> {
  const db = await getDb();
  const [a] = await db.select().from(activities).where(eq(activities.id, id)).limit(1);
  if (!a || (kinds && !kinds.includes(a.kind))) throw notFound('活动不存在');
  const now = Date.now();
  return {
    id: a.id, kind: a.kind, title: a.title, intro: a.intro, url: a.url,
    started: a.startsAt.getTime() <= now && a.endsAt.getTime() >= now,
    starts_at: a.startsAt.toISOString(), ends_at: a.endsAt.toISOString(),
    goods: await cardsByIds(a.goodsIds, company),
  };
}

/** The first activity of a kind with its goods (zones showing one curated page). */
export async function firstActivity(kind: ActivityKind, company: BuyerCompany | null): Promise<ActivityOut | null> {
  const [first] = (await activitiesOf(kind)).filter((a) => a.started);
  return first ? activityWithGoods(first.id, company) : null;
}

/**
 * 控销专区: controlled goods the company may buy. Visitors see which goods exist (no prices);
 * members see only those whose rule admits them. `newOnly`: added in the last 90 days.
 */
export async function controlledZone(company: BuyerCompany | null, page: number, perPage = 20, newOnly = false, categoryId: number | null = null): Promise<GoodsPage> {
  const db = await getDb();
  const rows = await db.select({ g: goods, r: controlledRules }).from(controlledRules).innerJoin(goods, eq(goods.id, controlledRules.goodsId))
    .where(and(
      newOnly ? sql`${goods.createdAt} > now() - interval '90 days'` : undefined,
      categoryId ? sql`(${goods.categoryId} = ${categoryId} OR ${goods.categoryId} IN (SELECT id FROM categories WHERE parent_id = ${categoryId}))` : undefined,
    ))
    .orderBy(sql`${goods.sales} DESC`, asc(goods.id));
  const visible = company ? rows.filter((row) => controlledVisible(company, row.r)) : rows;
  const slice = visible.slice((page - 1) * perPage, page * perPage).map((row) => row.g);
  return { rows: await cardsFor(slice, company), total: visible.length, page, perPage };
}

/** 品牌专区: brands with their goods count. */
export async function brandZone() {
  const db = await getDb();
  return db.select({ id: brands.id, name: brands.name, logo: brands.logo, goods_count: sql<number>`count(${goods.id})::int` })
    .from(brands).leftJoin(goods, eq(goods.brandId, brands.id)).groupBy(brands.id).orderBy(asc(brands.sort));
}

export async function brandById(id: number) {
  const db = await getDb();
  const [b] = await db.select().from(brands).where(eq(brands.id, id)).limit(1);
  if (!b) throw notFound('品牌不存在');
  return b;
}

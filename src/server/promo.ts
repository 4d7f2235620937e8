// Pricing of promotions for the cart and the order: price variants (goods_prices), combinations,
// full reduction (满减), gifts (满赠), the welfare zone (全场94折) and the coupon centre (/lqzx).
// The catalogue team owns the promotion tables (schema/promotions.ts); this module reads them for
// the cart (server/cart.ts) and the order transaction (server/orders.ts).
import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from './db/client.ts';
import {
  combinationItems, combinations, couponClaims, couponTemplates, coupons, giftRules, goodsLots, goodsPrices,
  manjianActivities, manjianGoods, orderLines, orders, type PriceKind,
} from './db/schema/index.ts';
import { conflict, notFound } from './http/errors.ts';
import { fenToYuan } from '../lib/money.ts';
import type { FullReductionActivity, GiftRule } from '../lib/pricing.ts';

type Q = Db | Tx;

export type VariantInfo = {
  id: number;
  goodsId: number;
  kind: PriceKind;
  priceFen: number;
  /** in its time window now */
  active: boolean;
  /** units this company may still buy at the variant price; null = no limit */
  limitLeft: number | null;
  /** stock of the lot the variant sells (近效期); null = the goods' stock */
  lotStock: number | null;
};

/** Price variants by id, with what this company has already bought at each (per-user limit). */
export async function loadVariants(q: Q, companyId: number, ids: readonly number[]): Promise<Map<number, VariantInfo>> {
  const wanted = [...new Set(ids.filter((i) => i > 0))];
  if (wanted.length === 0) return new Map();
  const rows = await q.select({ p: goodsPrices, lotStock: goodsLots.stock }).from(goodsPrices)
    .leftJoin(goodsLots, eq(goodsLots.id, goodsPrices.lotId)).where(inArray(goodsPrices.id, wanted));
  const limited = rows.filter((r) => r.p.userLimit !== null).map((r) => r.p.id);
  const bought = new Map<number, number>();
  if (limited.length) {
    const sums = await q.select({ id: orderLines.goodsPriceId, n: sql<number>`sum(${orderLines.number})::int` }).from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.companyId, companyId), ne(orders.status, 'cancelled'), inArray(orderLines.goodsPriceId, limited), ne(orderLines.type, 3)))
      .groupBy(orderLines.goodsPriceId);
    for (const s of sums) if (s.id !== null) bought.set(s.id, Number(s.n));
  }
  const now = Date.now();
  const out = new Map<number, VariantInfo>();
  for (const { p, lotStock } of rows) {
    out.set(p.id, {
      id: p.id, goodsId: p.goodsId, kind: p.kind, priceFen: p.price,
      active: p.startsAt.getTime() <= now && p.endsAt.getTime() >= now,
      limitLeft: p.userLimit === null ? null : Math.max(0, p.userLimit - (bought.get(p.id) ?? 0)),
      lotStock: p.lotId === null ? null : Math.max(0, lotStock ?? 0),
    });
  }
  return out;
}

/** The lot each lot-bound variant (近效期) sells, by variant id: the order reserves from it first. */
export async function variantLots(q: Q, ids: readonly number[]): Promise<Map<number, number>> {
  const wanted = [...new Set(ids.filter((i) => i > 0))];
  if (wanted.length === 0) return new Map();
  const rows = await q.select({ id: goodsPrices.id, lotId: goodsPrices.lotId }).from(goodsPrices).where(inArray(goodsPrices.id, wanted));
  return new Map(rows.flatMap((r) => (r.lotId === null ? [] : [[r.id, r.lotId] as [number, number]])));
}

/** Why a line's variant does not apply (then the line is priced by base + ladder), or null. */
export function variantProblem(v: VariantInfo | undefined, goodsId: number, type: number): string | null {
  if (!v || v.goodsId !== goodsId) return '促销活动不存在，已按原价计算';
  if (!v.active) return '促销活动已结束，已按原价计算';
  if (type === 1 && v.kind !== 'flash') return '秒杀活动不存在，已按原价计算';
  return null;
}

export type CombinationPack = { id: number; name: string; packPriceFen: number; items: { goodsId: number; number: number }[] };

export async function loadCombinations(q: Q, ids: readonly number[]): Promise<Map<number, CombinationPack>> {
  const wanted = [...new Set(ids.filter((i) => i > 0))];
  if (wanted.length === 0) return new Map();
  const combos = await q.select().from(combinations).where(inArray(combinations.id, wanted));
  const items = combos.length
    ? await q.select().from(combinationItems).where(inArray(combinationItems.combinationId, combos.map((c) => c.id))).orderBy(asc(combinationItems.goodsId))
    : [];
  const out = new Map<number, CombinationPack>();
  for (const c of combos) {
    const mine = items.filter((i) => i.combinationId === c.id).map((i) => ({ goodsId: i.goodsId, number: i.number }));
    if (mine.length) out.set(c.id, { id: c.id, name: c.name, packPriceFen: c.packPrice, items: mine });
  }
  return out;
}

/** Packs that the items' stock allows. */
export function packsInStock(items: readonly { number: number; stock: number }[]): number {
  if (items.length === 0) return 0;
  return Math.max(0, Math.min(...items.map((i) => Math.floor(Math.max(0, i.stock) / Math.max(1, i.number)))));
}

/** Active 满减 activities each goods takes part in (lowest activity id first). */
export async function manjianMembership(q: Q, goodsIds: readonly number[]): Promise<Map<number, number[]>> {
  const ids = [...new Set(goodsIds)];
  if (ids.length === 0) return new Map();
  const now = new Date();
  const rows = await q.select({ goodsId: manjianGoods.goodsId, id: manjianActivities.id }).from(manjianGoods)
    .innerJoin(manjianActivities, eq(manjianActivities.id, manjianGoods.activityId))
    .where(and(inArray(manjianGoods.goodsId, ids), lte(manjianActivities.startsAt, now), gte(manjianActivities.endsAt, now)))
    .orderBy(asc(manjianActivities.id));
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.goodsId, [...(out.get(r.goodsId) ?? []), r.id]);
  return out;
}

/**
 * The activity a line takes part in: the one it names when the goods belongs to it (a forged or
 * stale goods_manjian_id is ignored), else the goods' first active activity, else none.
 */
export function effectiveManjianId(named: number | null, memberOf: readonly number[] | undefined): number | null {
  if (!memberOf || memberOf.length === 0) return null;
  return named !== null && memberOf.includes(named) ? named : memberOf[0]!;
}

/** The activities by id, as the engine's full-reduction activities (with their names). */
export async function loadManjian(q: Q, ids: readonly number[]): Promise<(FullReductionActivity & { id: number; name: string })[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await q.select().from(manjianActivities).where(inArray(manjianActivities.id, wanted)).orderBy(asc(manjianActivities.id));
  return rows.map((a) => ({ id: a.id, name: a.name, tiers: a.tiers.map((t) => ({ amountFen: t.amount, reduceFen: t.reduce })) }));
}

export type GiftRuleRow = GiftRule & { name: string };

export async function loadGiftRules(q: Q, goodsIds: readonly number[]): Promise<Map<number, GiftRuleRow>> {
  const ids = [...new Set(goodsIds)];
  if (ids.length === 0) return new Map();
  const rows = await q.select().from(giftRules).where(inArray(giftRules.goodsId, ids)).orderBy(asc(giftRules.id));
  const out = new Map<number, GiftRuleRow>();
  for (const r of rows) if (!out.has(r.goodsId)) out.set(r.goodsId, { buyNumber: r.buyNumber, giftNumber: r.giftNumber, maxTotal: r.maxTotal, name: r.giftName });
  return out;
}

/**
 * The welfare zone (/welfare, 全场94折): every normal-priced line of goods that is neither
 * controlled (控销) nor 含麻. Variant, flash and combination lines already carry their own price,
 * so the welfare flag on them (or on goods outside the zone) is ignored.
 */
export function welfareEligible(g: { isControlled: boolean; isEphedrine: boolean }, type: number, hasVariant: boolean): boolean {
  return type === 0 && !hasVariant && !g.isControlled && !g.isEphedrine;
}

// ── Coupon centre (/lqzx) ─────────────────────────────────────────────────────────────────────

export async function couponCentre(companyId: number | null) {
  const db = await getDb();
  const now = new Date();
  const rows = await db.select().from(couponTemplates)
    .where(and(lte(couponTemplates.startsAt, now), gte(couponTemplates.endsAt, now))).orderBy(asc(couponTemplates.sort), asc(couponTemplates.id));
  const claimed = companyId === null || rows.length === 0 ? [] : await db.select({ id: couponClaims.templateId }).from(couponClaims)
    .where(and(eq(couponClaims.companyId, companyId), inArray(couponClaims.templateId, rows.map((r) => r.id))));
  const mine = new Set(claimed.map((c) => c.id));
  return rows.map((t) => ({
    id: t.id, kind: t.kind, name: t.name, threshold: fenToYuan(t.threshold), amount: fenToYuan(t.amount),
    valid_days: t.validDays, ends_at: t.endsAt.toISOString(), claimed: mine.has(t.id),
  }));
}

/** Claims a template once per company: one coupon row (→ /yhq, checkout) and one claim row. */
export async function claimCoupon(companyId: number, templateId: number) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const now = new Date();
    const [t] = await tx.select().from(couponTemplates)
      .where(and(eq(couponTemplates.id, templateId), lte(couponTemplates.startsAt, now), gte(couponTemplates.endsAt, now))).limit(1);
    if (!t) throw notFound('优惠券不存在或已结束');
    const [had] = await tx.select({ id: couponClaims.id }).from(couponClaims)
      .where(and(eq(couponClaims.templateId, t.id), eq(couponClaims.companyId, companyId))).limit(1);
    if (had) throw conflict('您已领取过该优惠券');
    const [c] = await tx.insert(coupons).values({
      companyId, kind: t.kind, name: t.name, threshold: t.threshold, amount: t.amount,
      startsAt: now, endsAt: new Date(now.getTime() + t.validDays * 86_400_000),
    }).returning();
    // The unique index settles two concurrent claims: the second one fails and rolls back.
    const claim = await tx.insert(couponClaims).values({ templateId: t.id, companyId, couponId: c!.id }).onConflictDoNothing().returning({ id: couponClaims.id });
    if (claim.length === 0) throw conflict('您已领取过该优惠券');
    return { coupon_id: c!.id, name: c!.name, threshold: fenToYuan(c!.threshold), amount: fenToYuan(c!.amount), ends_at: c!.endsAt.toISOString() };
  });
}

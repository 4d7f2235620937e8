// Price variants (goods_prices: 秒杀, 每日特价, 近效期, 一价到底) as the cart and the order price
// them: the variant a line names, the per-store limit left, the lot it sells.
import { and, eq, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '#/server/db/client.ts';
import {
  goodsLots,
  goodsPrices,
  orderLines,
  orders,
  type PriceKind,
} from '#/server/db/schema/index.ts';

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
export async function loadVariants(
  q: Db | Tx,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, VariantInfo>> {
  const wanted = [...new Set(ids.filter((i) => i > 0))];
  if (wanted.length === 0) return new Map();
  const rows = await q
    .select({ p: goodsPrices, lotStock: goodsLots.stock })
    .from(goodsPrices)
    .leftJoin(goodsLots, eq(goodsLots.id, goodsPrices.lotId))
    .where(inArray(goodsPrices.id, wanted));
  const limited = rows.filter((r) => r.p.userLimit !== null).map((r) => r.p.id);
  const bought = new Map<number, number>();
  if (limited.length) {
    const sums = await q
      .select({ id: orderLines.goodsPriceId, n: sql<number>`sum(${orderLines.number})::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orders.companyId, companyId),
          ne(orders.status, 'cancelled'),
          inArray(orderLines.goodsPriceId, limited),
          ne(orderLines.type, 3),
        ),
      )
      .groupBy(orderLines.goodsPriceId);
    for (const s of sums) if (s.id !== null) bought.set(s.id, Number(s.n));
  }
  const now = Date.now();
  const out = new Map<number, VariantInfo>();
  for (const { p, lotStock } of rows) {
    out.set(p.id, {
      id: p.id,
      goodsId: p.goodsId,
      kind: p.kind,
      priceFen: p.price,
      active: p.startsAt.getTime() <= now && p.endsAt.getTime() >= now,
      limitLeft: p.userLimit === null ? null : Math.max(0, p.userLimit - (bought.get(p.id) ?? 0)),
      lotStock: p.lotId === null ? null : Math.max(0, lotStock ?? 0),
    });
  }
  return out;
}

/** The lot each lot-bound variant (近效期) sells, by variant id: the order reserves from it first. */
export async function variantLots(
  q: Db | Tx,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const wanted = [...new Set(ids.filter((i) => i > 0))];
  if (wanted.length === 0) return new Map();
  const rows = await q
    .select({ id: goodsPrices.id, lotId: goodsPrices.lotId })
    .from(goodsPrices)
    .where(inArray(goodsPrices.id, wanted));
  return new Map(
    rows.flatMap((r) => (r.lotId === null ? [] : [[r.id, r.lotId] as [number, number]])),
  );
}

/** Why a line's variant does not apply (then the line is priced by base + ladder), or null. */
export function variantProblem(
  v: VariantInfo | undefined,
  goodsId: number,
  type: number,
): string | null {
  if (!v || v.goodsId !== goodsId) return '促销活动不存在，已按原价计算';
  if (!v.active) return '促销活动已结束，已按原价计算';
  if (type === 1 && v.kind !== 'flash') return '秒杀活动不存在，已按原价计算';
  return null;
}

/** Variants of a kind in their time window now: what the zones (/mrtj, /jxqzc…) sell. */
export function activeVariants(kind: PriceKind | readonly PriceKind[], now = new Date()): SQL {
  return and(
    typeof kind === 'string' ? eq(goodsPrices.kind, kind) : inArray(goodsPrices.kind, [...kind]),
    sql`${goodsPrices.startsAt} <= ${now}`,
    gte(goodsPrices.endsAt, now),
  )!;
}

/**
 * The lots of these goods that the near-expiry zone (/jxqzc) sells at its discount now: only a
 * line bought at that price may receive them (orders/lotChoice.ts).
 */
export async function discountedLots(
  q: Db | Tx,
  goodsIds: readonly number[],
): Promise<Set<number>> {
  return new Set((await discountedLotRows(q, goodsIds)).map((r) => r.lotId));
}

/** Units on discounted lots by goods: stock a full-price line cannot have. */
export function discountedStock(rows: readonly DiscountedLot[]): Map<number, number> {
  const held = new Map<number, number>();
  for (const r of rows) held.set(r.goodsId, (held.get(r.goodsId) ?? 0) + Math.max(0, r.stock));
  return held;
}

export type DiscountedLot = { lotId: number; goodsId: number; stock: number };

/** The lots of these goods the near-expiry zone discounts now, with their stock. */
export async function discountedLotRows(
  q: Db | Tx,
  goodsIds: readonly number[],
): Promise<DiscountedLot[]> {
  const wanted = [...new Set(goodsIds)];
  if (wanted.length === 0) return [];
  // One row per lot, though two variants could name the same lot.
  return q
    .selectDistinct({ lotId: goodsLots.id, goodsId: goodsLots.goodsId, stock: goodsLots.stock })
    .from(goodsPrices)
    .innerJoin(goodsLots, eq(goodsLots.id, goodsPrices.lotId))
    .where(and(activeVariants('near_expiry'), inArray(goodsPrices.goodsId, wanted)));
}

// One order as the order desk sees it: the store, lines with the lots reserved for them, payments,
// what has been shipped (lots, codes), refunds, the 含麻 slip, and for shipping the lots of each
// goods that could be picked instead.
import { and, asc, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import {
  companies,
  goods,
  goodsLots,
  goodsPrices,
  orders,
  payments,
  receiptSlips,
  refunds,
  stockReservations,
} from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import type { OrderLineRow, OrderRow, SlipRow } from '#/server/orders/model.ts';
import { linesOf, paymentsOf, reservationsOf } from '#/server/orders/rows.ts';
import { shipmentsOf, type ShipmentRecord } from './shipments.ts';

export type GoodsFacts = {
  id: number;
  caseQty: number;
  drugClass: string;
  approvalNo: string;
};
export type LotRow = typeof goodsLots.$inferSelect;

export type StaffOrderDetail = {
  order: OrderRow;
  companyName: string;
  lines: OrderLineRow[];
  reservations: (typeof stockReservations.$inferSelect)[];
  payments: (typeof payments.$inferSelect)[];
  shipments: ShipmentRecord[];
  refunds: (typeof refunds.$inferSelect)[];
  slip: SlipRow | undefined;
  goods: GoodsFacts[];
  /** lots of the lines' goods that hold stock or are reserved for this order */
  lots: LotRow[];
  /** near-expiry lots sold only at their own price: lot id → the price variant selling it */
  boundLots: Map<number, number>;
};

/** The facts shipping checks, for the goods of these lines. */
export async function goodsFacts(q: Db | Tx, goodsIds: readonly number[]): Promise<GoodsFacts[]> {
  if (goodsIds.length === 0) return [];
  return q
    .select({
      id: goods.id,
      caseQty: goods.caseQty,
      drugClass: goods.drugClass,
      approvalNo: goods.approvalNo,
    })
    .from(goods)
    .where(inArray(goods.id, [...new Set(goodsIds)]));
}

/** Lots bound to a near-expiry price variant (近效期), by lot id. */
export async function boundLotsOf(q: Db | Tx, goodsIds: readonly number[]) {
  if (goodsIds.length === 0) return new Map<number, number>();
  const rows = await q
    .select({ id: goodsPrices.id, lotId: goodsPrices.lotId })
    .from(goodsPrices)
    .where(and(inArray(goodsPrices.goodsId, [...new Set(goodsIds)]), isNotNull(goodsPrices.lotId)));
  return new Map(rows.map((r) => [r.lotId!, r.id]));
}

export async function staffOrderDetail(id: number): Promise<StaffOrderDetail> {
  const db = await getDb();
  const [found] = await db
    .select({ order: orders, companyName: companies.name })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(orders.id, id))
    .limit(1);
  if (!found) throw notFound('订单不存在');
  const lines = await linesOf(db, [id]);
  const reservations = await reservationsOf(db, id);
  const goodsIds = lines.map((l) => l.goodsId);
  const reservedLots = reservations.map((r) => r.lotId);
  const lots = goodsIds.length
    ? await db
        .select()
        .from(goodsLots)
        .where(
          and(
            inArray(goodsLots.goodsId, goodsIds),
            reservedLots.length
              ? or(gt(goodsLots.stock, 0), inArray(goodsLots.id, reservedLots))
              : gt(goodsLots.stock, 0),
          ),
        )
        .orderBy(asc(goodsLots.expiresOn), asc(goodsLots.id))
    : [];
  return {
    ...found,
    lines,
    reservations,
    payments: await paymentsOf(db, id),
    shipments: await shipmentsOf(db, [id]),
    refunds: await db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, id))
      .orderBy(asc(refunds.id)),
    slip: (await db.select().from(receiptSlips).where(eq(receiptSlips.orderId, id)).limit(1))[0],
    goods: await goodsFacts(db, goodsIds),
    lots,
    boundLots: await boundLotsOf(db, goodsIds),
  };
}

// The order centre (list per tab, keyword search) and one order's detail.
import { parseRecordId } from '#/lib/ids.ts';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import {
  orders,
  payments,
  receiptSlips,
  refunds,
  type OrderStatus,
} from '#/server/db/schema/index.ts';
import { isDomainError } from '#/server/errors.ts';
import { shipmentsOf } from '#/server/fulfilment/shipments.ts';
import type { OrderDetail } from './model.ts';
import { ownOrder } from './own.ts';
import { presentOrderDetail, presentOrderPage } from './present.ts';
import { returnsOf } from './returnRecords.ts';
import { linesOf, paymentsOf, reservationsOf } from './rows.ts';
import { sweepExpired } from './timeout.ts';

export const ORDER_TABS: Record<string, OrderStatus[] | null> = {
  all: null,
  unpaid: ['unpaid'],
  paid: ['paid'],
  shipped: ['shipped'],
  completed: ['completed'],
  cancelled: ['cancelled'],
};

export async function listOrders(
  companyId: number,
  opts: { tab: string; keyword: string; page: number; perPage: number; ephedrine?: boolean },
) {
  await sweepExpired();
  const db = await getDb();
  const statuses = ORDER_TABS[opts.tab] ?? null;
  const kw = opts.keyword.trim();
  const where = and(
    eq(orders.companyId, companyId),
    statuses ? inArray(orders.status, statuses) : undefined,
    opts.ephedrine ? eq(orders.isEphedrine, true) : undefined,
    kw
      ? or(
          ilike(orders.no, `%${kw}%`),
          sql`EXISTS (SELECT 1 FROM order_lines ol WHERE ol.order_id = ${orders.id} AND ol.name ILIKE ${'%' + kw + '%'})`,
        )
      : undefined,
  );
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.id))
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage);
  const ids = rows.map((r) => r.id);
  const lines = await linesOf(db, ids);
  const slips = ids.length
    ? await db.select().from(receiptSlips).where(inArray(receiptSlips.orderId, ids))
    : [];
  const awaiting = ids.length
    ? await db
        .select({ orderId: payments.orderId })
        .from(payments)
        .where(
          and(
            inArray(payments.orderId, ids),
            eq(payments.method, 'transfer'),
            eq(payments.status, 'pending'),
          ),
        )
    : [];
  return presentOrderPage({
    rows,
    lines,
    slips,
    awaitingTransfer: awaiting.map((a) => a.orderId),
    total: Number(c?.n ?? 0),
    page: opts.page,
    perPage: opts.perPage,
  });
}

export async function orderDetail(companyId: number, id: number): Promise<OrderDetail> {
  const db = await getDb();
  let order = await ownOrder(companyId, id);
  // Past its deadline but not yet swept: sweep now so the buyer never sees a stale "unpaid".
  if (order.status === 'unpaid' && order.expiresAt < new Date()) {
    await sweepExpired(true);
    order = await ownOrder(companyId, id);
  }
  const lines = await linesOf(db, [id]);
  const reservations = await reservationsOf(db, id);
  const pays = await paymentsOf(db, id);
  const returns = await returnsOf(companyId, id);
  const refundRows = await db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, id))
    .orderBy(asc(refunds.id));
  const [slip] = await db.select().from(receiptSlips).where(eq(receiptSlips.orderId, id)).limit(1);
  const shipments = await shipmentsOf(db, [id]);
  return {
    order,
    lines,
    reservations,
    payments: pays,
    shipments,
    returns,
    refunds: refundRows,
    slip,
  };
}

export async function orderInfo(companyId: number, id: number) {
  return presentOrderDetail(await orderDetail(companyId, id));
}

/**
 * The member's order for a page's route parameter, or null when the id is malformed, unknown or
 * another member's: the page then shows the 404 page.
 */
export async function memberOrderForPage(
  companyId: number,
  idParam: string | undefined,
): Promise<Awaited<ReturnType<typeof orderInfo>> | null> {
  const id = parseRecordId(idParam);
  if (id === null) return null;
  try {
    return await orderInfo(companyId, id);
  } catch (e) {
    if (isDomainError(e, 'NOT_FOUND')) return null;
    throw e;
  }
}

// The rows an order is made of, read alike by the buyer's order pages and the order desk.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#/server/db/client.ts';
import { orderLines, payments, stockReservations } from '#/server/db/schema/index.ts';
import type { OrderLineRow } from './model.ts';

/** The lines of the orders, in the order they were written. */
export async function linesOf(q: Db | Tx, orderIds: readonly number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return q
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.id));
}

/** The order's stock reservations per lot, released ones included. */
export const reservationsOf = (q: Db | Tx, orderId: number) =>
  q
    .select()
    .from(stockReservations)
    .where(eq(stockReservations.orderId, orderId))
    .orderBy(asc(stockReservations.id));

export const paymentsOf = (q: Db | Tx, orderId: number) =>
  q.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));

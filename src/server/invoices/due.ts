// What an order's invoice is for: what the store paid, less what has gone back to it. Goods
// returned and refunded before the invoice is issued are not invoiced: a partial return makes
// the invoice smaller, a whole one leaves nothing to invoice. A refund that failed gave nothing
// back; one still being paid out will (refunds/orderRefund.refundedFen counts the same way).
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#/server/db/client.ts';
import { rows } from '#/server/db/rows.ts';

/** The fen refunded, or being refunded, of the order whose id `orderId` names (SQL). */
export const refundedSql = (orderId: SQL): SQL =>
  sql`(SELECT coalesce(sum(r.amount), 0) FROM refunds r WHERE r.order_id = ${orderId} AND r.status <> 'failed')::int`;

export async function refundedOf(q: Db | Tx, orderId: number): Promise<number> {
  const [r] = await rows<{ fen: number }>(q, sql`SELECT ${refundedSql(sql`${orderId}`)} AS fen`);
  return Number(r?.fen ?? 0);
}

/** The 价税合计 an invoice of the order may carry. */
export const invoiceDueFen = (payableFen: number, refundedFen: number): number =>
  Math.max(0, payableFen - refundedFen);

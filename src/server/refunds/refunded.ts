// What refunds have given back to a store: a refund counts from the moment it is made, while it is
// still being paid out, and stops counting only if it failed (it gave nothing back). One rule for
// what is still refundable of a payment and for what is left to invoice of an order.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#/server/db/client.ts';
import { rows } from '#/server/db/rows.ts';

type RefundedBy = 'order_id' | 'payment_id';

/** The fen refunded, or being refunded, of the order or payment whose id `id` gives (SQL). */
export const refundedSql = (by: RefundedBy, id: SQL): SQL =>
  sql`(SELECT coalesce(sum(r.amount), 0) FROM refunds r WHERE r.${sql.raw(by)} = ${id} AND r.status <> 'failed')::int`;

/** The fen refunded, or being refunded, of one order or payment. */
export async function refundedFen(q: Db | Tx, by: RefundedBy, id: number): Promise<number> {
  const [r] = await rows<{ fen: number }>(q, sql`SELECT ${refundedSql(by, sql`${id}`)} AS fen`);
  return Number(r?.fen ?? 0);
}

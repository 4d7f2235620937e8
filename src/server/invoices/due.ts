// What an order's invoice is for: what the store paid, less what has gone back to it. Goods
// returned and refunded before the invoice is issued are not invoiced: a partial return makes
// the invoice smaller, a whole one leaves nothing to invoice. A refund that failed gave nothing
// back; one still being paid out will (refunds/refunded.ts).
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** The 价税合计 an invoice of the order may carry. */
export const invoiceDueFen = (payableFen: number, refundedFen: number): number =>
  Math.max(0, payableFen - refundedFen);

/** The same in SQL, for the invoice desk's lists. */
export const invoiceDueSql = (payable: SQLWrapper, refunded: SQLWrapper): SQL =>
  sql`greatest(0, ${payable} - ${refunded})`;

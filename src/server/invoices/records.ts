// Reading uploaded invoices: one row per order at most.
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#/server/db/client.ts';
import { orderInvoices } from '#/server/db/schema/index.ts';

export type InvoiceRow = typeof orderInvoices.$inferSelect;

export const INVOICE_TYPE_LABEL: Record<string, string> = {
  normal: '普通发票',
  special: '增值税专用发票',
};

export async function invoicesOf(
  q: Db | Tx,
  orderIds: readonly number[],
): Promise<Map<number, InvoiceRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await q
    .select()
    .from(orderInvoices)
    .where(inArray(orderInvoices.orderId, [...orderIds]));
  return new Map(rows.map((r) => [r.orderId, r]));
}

export async function invoiceOf(q: Db | Tx, orderId: number): Promise<InvoiceRow | undefined> {
  const [row] = await q.select().from(orderInvoices).where(eq(orderInvoices.orderId, orderId));
  return row;
}

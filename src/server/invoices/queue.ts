// Finance's invoice desk, two lists:
// - to issue (待开票): shipped or completed orders with no invoice uploaded yet and something left
//   to invoice (invoices/due.ts), the longest waiting first, each with what its store's 开票信息
//   still lacks for the type asked (the upload refuses an incomplete one, so finance asks the
//   store before going to the tax platform);
// - to correct (待红冲): orders whose uploaded invoice is now for more than is left to invoice,
//   because goods came back and were refunded after it was issued. Finance red-letters it on the
//   tax platform and uploads the re-issued one, or voids it when nothing is left.
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { outerColumn } from '#/server/db/rows.ts';
import { companies, orderInvoices, orders } from '#/server/db/schema/index.ts';
import type { OrderRow } from '#/server/orders/model.ts';
import { refundedSql } from '#/server/refunds/refunded.ts';
import { invoiceDueSql } from './due.ts';
import { INVOICEABLE_STATUSES } from './issue.ts';
import { invoiceProfileOf, missingFor } from './profile.ts';
import type { InvoiceRow } from './records.ts';

export const INVOICE_QUEUE_STATES = ['to_issue', 'to_correct'] as const;
export type InvoiceQueueState = (typeof INVOICE_QUEUE_STATES)[number];

export interface InvoiceCase {
  order: OrderRow;
  companyName: string;
  /** what the store's 开票信息 lacks for this order's invoice type; empty when complete */
  missing: string[];
  /** fen refunded (or being refunded): not invoiced */
  refunded: number;
  /** the invoice uploaded, on the list to correct */
  invoice: InvoiceRow | null;
}

const refunded = refundedSql('order_id', outerColumn(orders.id));
const due = invoiceDueSql(orders.payableAmount, refunded);

/** The orders a list holds (queried with orders left-joined to their invoice). */
const waitingOn = (state: InvoiceQueueState): SQL | undefined =>
  state === 'to_issue'
    ? and(
        inArray(orders.status, [...INVOICEABLE_STATUSES]),
        sql`${due} > 0`,
        isNull(orderInvoices.id),
      )
    : sql`${orderInvoices.amount} > ${due}`;

/** How many orders a list holds: its tab and the workbench's tile. */
export async function invoiceQueueTotal(state: InvoiceQueueState): Promise<number> {
  const db = await getDb();
  const [total] = await db
    .select({ n: count() })
    .from(orders)
    .leftJoin(orderInvoices, eq(orderInvoices.orderId, orders.id))
    .where(waitingOn(state));
  return Number(total?.n ?? 0);
}

export async function invoiceQueue(f: { state: InvoiceQueueState; page: number; perPage: number }) {
  const db = await getDb();
  const waiting = waitingOn(f.state);
  const total = await invoiceQueueTotal(f.state);
  const found = await db
    .select({
      order: orders,
      companyName: companies.name,
      invoice: orderInvoices,
      refunded: sql<number>`${refunded}`,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(orderInvoices, eq(orderInvoices.orderId, orders.id))
    .where(waiting)
    .orderBy(
      f.state === 'to_issue' ? asc(orders.shippedAt) : asc(orderInvoices.issuedOn),
      asc(orders.id),
    )
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage);
  const profiles = new Map(
    await Promise.all(
      [...new Set(found.map((r) => r.order.companyId))].map(
        async (id) => [id, await invoiceProfileOf(db, id)] as const,
      ),
    ),
  );
  const rows: InvoiceCase[] = found.map((r) => ({
    ...r,
    refunded: Number(r.refunded),
    missing: missingFor(r.order.invoiceType, profiles.get(r.order.companyId)!),
  }));
  return { rows, total, page: f.page, perPage: f.perPage };
}

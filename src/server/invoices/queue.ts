// Finance's invoices to issue (待开票): shipped or completed orders with no invoice uploaded yet
// and something left to invoice (invoices/due.ts),
// the longest waiting first, each with what its store's 开票信息 still lacks for the type asked
// (the upload refuses an incomplete one, so finance asks the store before going to the tax
// platform).
import { and, asc, count, eq, inArray, notExists, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { outerColumn } from '#/server/db/rows.ts';
import { companies, orderInvoices, orders } from '#/server/db/schema/index.ts';
import type { OrderRow } from '#/server/orders/model.ts';
import { refundedSql } from '#/server/refunds/refunded.ts';
import { INVOICEABLE_STATUSES } from './issue.ts';
import { invoiceProfileOf, missingFor } from './profile.ts';

export interface InvoiceCase {
  order: OrderRow;
  companyName: string;
  /** what the store's 开票信息 lacks for this order's invoice type; empty when complete */
  missing: string[];
  /** fen refunded (or being refunded) before the invoice: not invoiced */
  refunded: number;
}

export async function invoiceQueue(f: { page: number; perPage: number }) {
  const db = await getDb();
  const refunded = refundedSql('order_id', outerColumn(orders.id));
  const waiting = and(
    inArray(orders.status, [...INVOICEABLE_STATUSES]),
    // refunded whole: nothing left to invoice
    sql`${orders.payableAmount} > ${refunded}`,
    notExists(
      db
        .select({ one: orderInvoices.id })
        .from(orderInvoices)
        .where(eq(orderInvoices.orderId, orders.id)),
    ),
  );
  const [total] = await db.select({ n: count() }).from(orders).where(waiting);
  const found = await db
    .select({ order: orders, companyName: companies.name, refunded: sql<number>`${refunded}` })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(waiting)
    .orderBy(asc(orders.shippedAt), asc(orders.id))
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
  return { rows, total: Number(total?.n ?? 0), page: f.page, perPage: f.perPage };
}

// The store's invoices (电子发票): every order but cancelled ones, 待开票 until finance uploads
// the invoice issued on the tax platform (无需开票 when refunds left nothing); the file downloads
// only for the ordering store.
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { orders } from '#/server/db/schema/index.ts';
import { conflict, notFound } from '#/server/errors.ts';
import type { Page } from '#/server/http/respond.ts';
import { outerColumn } from '#/server/db/rows.ts';
import { ownOrder } from '#/server/orders/own.ts';
import { refundedFen, refundedSql } from '#/server/refunds/refunded.ts';
import { get, type StoredFile } from '#/server/storage.ts';
import { invoiceFileName, type InvoiceView, presentInvoice } from './present.ts';
import { invoiceProfileOf } from './profile.ts';
import { invoiceOf, invoicesOf } from './records.ts';

export async function listInvoices(
  companyId: number,
  page: number,
  perPage: number,
): Promise<Page<InvoiceView>> {
  const db = await getDb();
  const where = and(eq(orders.companyId, companyId), ne(orders.status, 'cancelled'));
  const [rows, [total], profile] = await Promise.all([
    db
      .select({ order: orders, refunded: refundedSql('order_id', outerColumn(orders.id)) })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(orders).where(where),
    invoiceProfileOf(db, companyId),
  ]);
  const issued = await invoicesOf(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    rows: rows.map((r) =>
      presentInvoice(r.order, issued.get(r.order.id), profile, Number(r.refunded)),
    ),
    total: Number(total?.n ?? 0),
    page,
    perPage,
  };
}

export async function invoiceInfo(companyId: number, orderId: number): Promise<InvoiceView> {
  const o = await ownOrder(companyId, orderId);
  if (o.status === 'cancelled') throw conflict('已取消的订单不开具发票');
  const db = await getDb();
  const [inv, profile, refunded] = await Promise.all([
    invoiceOf(db, o.id),
    invoiceProfileOf(db, companyId),
    refundedFen(db, 'order_id', o.id),
  ]);
  return presentInvoice(o, inv, profile, refunded);
}

/** The uploaded file of one of the store's orders; 404 for other stores' orders. */
export async function invoiceFile(
  orderId: number,
  companyId: number | null,
): Promise<StoredFile & { fileName: string }> {
  const db = await getDb();
  if (companyId === null) {
    const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!o) throw notFound('订单不存在');
  } else {
    await ownOrder(companyId, orderId);
  }
  const inv = await invoiceOf(db, orderId);
  if (!inv) throw conflict('发票尚未开具：财务在发货后开票并上传，届时可下载');
  const file = await get('invoices', inv.file);
  if (!file) throw notFound('发票文件不存在');
  return { ...file, fileName: invoiceFileName(inv, file.type) };
}

// An invoice whose order was refunded whole after it was issued is red-lettered (红冲) on the tax
// platform, and nothing is re-issued: finance voids it here. The record and its file go, the audit
// log keeps what it was, and the store is told why. While something is left to invoice, the
// correction is a re-issued invoice uploaded over it instead (issue.ts).
import { eq } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { orderInvoices, orders } from '#/server/db/schema/index.ts';
import { conflict, notFound } from '#/server/errors.ts';
import { fenToYuan } from '#/lib/money.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { refundedFen } from '#/server/refunds/refunded.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { remove } from '#/server/storage.ts';
import { invoiceDueFen } from './due.ts';
import { invoiceOf } from './records.ts';

export async function voidInvoice(actor: StaffActor, orderId: number, reason: string) {
  const db = await getDb();
  const file = await db.transaction(async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!o) throw notFound('订单不存在');
    const invoice = await invoiceOf(tx, orderId);
    if (!invoice) throw notFound('该订单没有已开具的发票');
    const due = invoiceDueFen(o.payableAmount, await refundedFen(tx, 'order_id', orderId));
    if (due > 0)
      throw conflict(
        `该订单仍有应开票金额¥${fenToYuan(due)}：请红冲后上传重新开具的发票，而不是作废`,
      );
    await tx.delete(orderInvoices).where(eq(orderInvoices.id, invoice.id));
    await recordAudit(tx, actor, {
      action: 'order.invoice_void',
      entity: 'order',
      entityId: orderId,
      before: { number: invoice.number, amount: invoice.amount, file: invoice.file },
      after: { reason },
    });
    await notifyCompany(tx, o.companyId, {
      title: '发票已红冲作废',
      content: `订单${o.no}已全额退款，其发票（号码${invoice.number}，价税合计¥${fenToYuan(invoice.amount)}）已在税务平台红冲作废。原因：${reason}`,
    });
    return invoice.file;
  });
  await remove('invoices', file);
}

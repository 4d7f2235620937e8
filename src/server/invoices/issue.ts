// Finance uploads the 数电票 it issued on the tax platform for a shipped order: the file (PDF or
// OFD, judged by its bytes), number, date, amount and tax. Uploading again replaces the invoice
// (a red-letter correction re-issued on the platform). Audited; the store gets a message.
import { eq } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { orderInvoices, orders } from '#/server/db/schema/index.ts';
import { conflict, invalid, notFound, tooLarge } from '#/server/errors.ts';
import { fenToYuan } from '#/lib/money.ts';
import { shopDay } from '#/lib/shopClock.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { accept, put, remove } from '#/server/storage.ts';
import type { InvoiceUploadInput } from './forms.ts';
import { refundedFen } from '#/server/refunds/refunded.ts';
import { invoiceDueFen } from './due.ts';
import { invoiceProfileOf, missingFor } from './profile.ts';
import { INVOICE_TYPE_LABEL, type InvoiceRow } from './records.ts';

export const MAX_INVOICE_BYTES = 5 * 1024 * 1024;
const FILES = {
  types: ['application/pdf', 'application/ofd'],
  maxBytes: MAX_INVOICE_BYTES,
} as const;
/** Orders finance may invoice: the goods have left (the queue lists those still without one). */
export const INVOICEABLE_STATUSES = ['shipped', 'completed'] as const;
const INVOICEABLE = new Set<string>(INVOICEABLE_STATUSES);

function checkedFile(dataUrl: string) {
  const m = /^data:[\w.+/-]*;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!m) throw invalid('file', '请选择发票文件（PDF 或 OFD）');
  const file = accept(Buffer.from(m[1]!, 'base64'), FILES);
  if (file === 'empty') throw invalid('file', '发票文件为空');
  if (file === 'too_large') throw tooLarge('发票文件不能超过5MB');
  if (file === 'wrong_type') throw invalid('file', '只支持税务平台下载的 PDF 或 OFD 发票文件');
  return file;
}

export async function uploadInvoice(
  actor: StaffActor,
  orderId: number,
  input: InvoiceUploadInput,
): Promise<InvoiceRow> {
  if (input.tax_amount >= input.amount) throw invalid('tax_amount', '税额应小于价税合计');
  if (input.issued_on > shopDay(new Date())) throw invalid('issued_on', '开票日期不能晚于今天');
  const file = checkedFile(input.file);
  const db = await getDb();
  const [peek] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!peek) throw notFound('订单不存在');
  await put('invoices', file);
  let replaced: string | null = null;
  try {
    const row = await db.transaction(async (tx) => {
      const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!INVOICEABLE.has(o!.status)) throw conflict('订单发货后才能上传发票');
      const refunded = await refundedFen(tx, 'order_id', o!.id);
      const due = invoiceDueFen(o!.payableAmount, refunded);
      if (due === 0) throw conflict('该订单已全额退款，无需开票');
      if (input.amount > due)
        throw invalid(
          'amount',
          refunded > 0
            ? `价税合计不能超过应开票金额¥${fenToYuan(due)}（实付¥${fenToYuan(o!.payableAmount)}，已退款¥${fenToYuan(refunded)}）`
            : `价税合计不能超过订单实付金额¥${fenToYuan(o!.payableAmount)}`,
        );
      if (input.issued_on < shopDay(o!.createdAt))
        throw invalid('issued_on', '开票日期不能早于下单日期');
      const buyer = await invoiceProfileOf(tx, o!.companyId);
      const missing = missingFor(o!.invoiceType, buyer);
      if (missing.length) throw conflict(`门店开票信息不完整：缺少${missing.join('、')}`);
      const [before] = await tx
        .select()
        .from(orderInvoices)
        .where(eq(orderInvoices.orderId, orderId));
      const values = {
        orderId,
        number: input.number,
        issuedOn: input.issued_on,
        amount: input.amount,
        taxAmount: input.tax_amount,
        file: file.name,
        buyer,
        uploadedBy: actor.id,
        uploadedAt: new Date(),
      };
      const [saved] = before
        ? await tx
            .update(orderInvoices)
            .set(values)
            .where(eq(orderInvoices.id, before.id))
            .returning()
        : await tx.insert(orderInvoices).values(values).returning();
      await recordAudit(tx, actor, {
        action: 'order.invoice',
        entity: 'order',
        entityId: orderId,
        before: before && { number: before.number, amount: before.amount, file: before.file },
        after: {
          number: saved!.number,
          amount: saved!.amount,
          tax: saved!.taxAmount,
          file: file.name,
        },
      });
      await notifyCompany(tx, o!.companyId, {
        title: before ? '发票已重新开具' : '发票已开具',
        content: `订单${o!.no}的${INVOICE_TYPE_LABEL[o!.invoiceType] ?? '普通发票'}（号码${saved!.number}，价税合计¥${fenToYuan(saved!.amount)}）已开具，可在“电子发票”页面下载。`,
      });
      replaced = before?.file ?? null;
      return saved!;
    });
    if (replaced) await remove('invoices', replaced);
    return row;
  } catch (e) {
    await remove('invoices', file.name);
    throw e;
  }
}

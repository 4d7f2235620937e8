// The invoice as finance sees it on the order page: the 开票信息 to copy into the tax platform,
// what a 专用发票 still lacks, and the invoice once uploaded.
import { eq } from 'drizzle-orm';
import { shopIso } from '#/lib/shopClock.ts';
import { getDb } from '#/server/db/client.ts';
import { orders } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import { fenToYuan } from '#/lib/money.ts';
import { refundedFen } from '#/server/refunds/refunded.ts';
import { invoiceDueFen } from './due.ts';
import { presentInvoice } from './present.ts';
import { invoiceProfileOf, missingFor } from './profile.ts';
import { invoiceOf } from './records.ts';

export async function staffInvoice(orderId: number) {
  const db = await getDb();
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!o) throw notFound('订单不存在');
  const [inv, profile, refunded] = await Promise.all([
    invoiceOf(db, orderId),
    invoiceProfileOf(db, o.companyId),
    refundedFen(db, 'order_id', orderId),
  ]);
  const due = invoiceDueFen(o.payableAmount, refunded);
  return {
    ...presentInvoice(o, inv, profile, refunded),
    /** the 价税合计 an invoice may carry now: the payable less refunds */
    due_amount: fenToYuan(due),
    /** how much the uploaded invoice is for beyond that (refunds after it was issued): 待红冲 */
    over_amount: fenToYuan(inv ? Math.max(0, inv.amount - due) : 0),
    refunded_amount: fenToYuan(refunded),
    missing: inv ? [] : missingFor(o.invoiceType, profile),
    can_upload: o.status === 'shipped' || o.status === 'completed',
    uploaded_at: shopIso(inv?.uploadedAt),
  };
}
export type StaffInvoice = Awaited<ReturnType<typeof staffInvoice>>;

// Staff cancel an order nothing of which has left the warehouse: its stock goes back to its lots,
// whatever was paid goes back the way it came (server/refunds), the buyer is told why.
import { eq } from 'drizzle-orm';
import { orders, shipments } from '#/server/db/schema/index.ts';
import { conflict, notFound } from '#/server/errors.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { releaseStock, stockTransaction } from '#/server/orders/stock.ts';
import { refundOrderPayments } from '#/server/refunds/orderRefund.ts';
import { untallyCancelled } from '#/server/reports/tally.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';

export async function cancelByStaff(actor: StaffActor, orderId: number, reason: string) {
  await stockTransaction(async (tx, touched) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!o) throw notFound('订单不存在');
    if (o.status === 'cancelled') throw conflict('订单已取消');
    if (o.status !== 'unpaid' && o.status !== 'paid') throw conflict('订单已发货，不能取消');
    const [sent] = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.orderId, o.id))
      .limit(1);
    if (sent) throw conflict('订单已部分发货，不能取消');
    const refunds = o.status === 'paid' ? await refundOrderPayments(tx, o, { reason, actor }) : [];
    await tx
      .update(orders)
      .set({
        status: 'cancelled',
        cancelledAt: new Date(),
        cancelReason: reason,
        cancelledBy: 'staff',
        cancelRequestedAt: null,
      })
      .where(eq(orders.id, o.id));
    await releaseStock(tx, touched, [o.id]);
    await untallyCancelled(tx, [o.id]);
    await recordAudit(tx, actor, {
      action: 'order.cancel',
      entity: 'order',
      entityId: o.id,
      before: { status: o.status },
      after: {
        status: 'cancelled',
        reason,
        refund_ids: refunds.map((r) => r.id),
        ...(o.cancelRequestedAt ? { buyer_request: o.cancelRequestReason } : {}),
      },
    });
    await notifyCompany(tx, o.companyId, {
      title: '订单已取消',
      content: `${o.cancelRequestedAt ? `您的订单${o.no}的取消申请已通过` : `您的订单${o.no}已由商家取消`}，原因：${reason}。${o.status === 'paid' ? '已支付的款项将原路退回。' : ''}`,
    });
  });
}

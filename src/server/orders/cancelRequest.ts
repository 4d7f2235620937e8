// A buyer may take back a paid order that has not shipped: the request waits for staff, who
// cancel it (stock back to its lots, the money back the way it was paid: fulfilment/cancel.ts) or
// decline it with a reason. Meanwhile nothing of it is shipped.
import { eq } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { orders, shipments } from '#/server/db/schema/index.ts';
import { conflict, notFound } from '#/server/errors.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import type { Tx } from '#/server/db/client.ts';
import type { OrderRow } from './model.ts';
import { ownOrder } from './own.ts';
import { orderInfo } from './views.ts';

async function hasShipped(tx: Tx, orderId: number): Promise<boolean> {
  const [sent] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .limit(1);
  return sent !== undefined;
}

/** Why a paid order can no longer be taken back by its buyer, or null when it can. */
function requestBlock(o: OrderRow, shipped: boolean): string | null {
  if (o.status === 'unpaid') return '待付款订单可直接取消';
  if (o.status === 'cancelled') return '订单已取消';
  if (o.status !== 'paid' || shipped) return '订单已发货，不能取消，收货后可申请退货';
  if (o.cancelRequestedAt) return '已提交取消申请，请等待商家处理';
  return null;
}

export async function requestCancel(companyId: number, id: number, reason: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const o = await ownOrder(companyId, id, tx);
    const block = requestBlock(o, await hasShipped(tx, o.id));
    if (block) throw conflict(block);
    await tx
      .update(orders)
      .set({ cancelRequestedAt: new Date(), cancelRequestReason: reason })
      .where(eq(orders.id, o.id));
  });
  return orderInfo(companyId, id);
}

/** Staff decline a buyer's cancel request; the order goes on to shipping and the buyer is told why. */
export async function declineCancelRequest(actor: StaffActor, orderId: number, reason: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!o) throw notFound('订单不存在');
    if (!o.cancelRequestedAt || o.status !== 'paid') throw conflict('该订单没有待处理的取消申请');
    await tx
      .update(orders)
      .set({ cancelRequestedAt: null, cancelRequestReason: '' })
      .where(eq(orders.id, o.id));
    await recordAudit(tx, actor, {
      action: 'order.cancel_request.decline',
      entity: 'order',
      entityId: o.id,
      before: { cancel_request_reason: o.cancelRequestReason },
      after: { reason },
    });
    await notifyCompany(tx, o.companyId, {
      title: '取消申请未通过',
      content: `您的订单${o.no}的取消申请未通过，原因：${reason}。订单将照常发货，收货后如有问题可申请退货。`,
    });
  });
}

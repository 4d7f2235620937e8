// Refunds that leave the shop complete later: an online one when the payment provider has paid
// it back (settleRefund), a bank-transfer one (or an online one the provider refused) when
// finance has paid it out (markRefundPaidOut). Only then does the money leave the store's
// ledger: in as a refund, out to where it came from, so the balance itself does not change.
import { eq } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { orders, refunds } from '#/server/db/schema/index.ts';
import { conflict, notFound } from '#/server/errors.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { move } from '#/server/wallet/accounts.ts';
import { fenToYuan } from '#/lib/money.ts';
import type { RefundOutcome, RefundRow } from './model.ts';

async function lockRefund(tx: Tx, id: number): Promise<RefundRow> {
  const [r] = await tx.select().from(refunds).where(eq(refunds.id, id)).limit(1).for('update');
  if (!r) throw notFound('退款记录不存在');
  return r;
}

const WHERE_TO = { online: '在线支付账户', transfer: '您的对公账户' } as const;

async function paidBack(
  tx: Tx,
  r: RefundRow,
  where: keyof typeof WHERE_TO,
  patch: Partial<RefundRow>,
): Promise<RefundRow> {
  const [o] = await tx.select({ no: orders.no }).from(orders).where(eq(orders.id, r.orderId));
  await move(
    tx,
    r.companyId,
    'balance',
    r.amount,
    'order_refund',
    r.orderId,
    `订单${o!.no}退款：${r.reason}`,
  );
  await move(
    tx,
    r.companyId,
    'balance',
    -r.amount,
    'refund_out',
    r.orderId,
    `订单${o!.no}退款退回${WHERE_TO[where]}`,
  );
  const [done] = await tx
    .update(refunds)
    .set({ ...patch, status: 'succeeded', completedAt: new Date() })
    .where(eq(refunds.id, r.id))
    .returning();
  await notifyCompany(tx, r.companyId, {
    title: '退款已到账',
    content: `订单${o!.no}退款¥${fenToYuan(r.amount)}已退回${WHERE_TO[where]}。原因：${r.reason}`,
  });
  return done!;
}

/**
 * The payment provider's answer to an online refund: paid back (ledger rows, message),
 * still processing, or refused (it waits for finance again, with the provider's reason).
 */
export async function settleRefund(id: number, outcome: RefundOutcome, q?: Tx): Promise<RefundRow> {
  const run = async (tx: Tx) => {
    const r = await lockRefund(tx, id);
    if (r.method !== 'online') throw conflict('该退款不经过支付渠道');
    if (r.status !== 'queued' && r.status !== 'pending' && r.status !== 'processing')
      throw conflict('该退款已处理');
    if (outcome.state === 'succeeded')
      return paidBack(tx, r, 'online', {
        providerRefundId: outcome.providerRefundId,
        lastError: '',
      });
    const patch =
      outcome.state === 'processing'
        ? { status: 'processing' as const, providerRefundId: outcome.providerRefundId }
        : { status: 'queued' as const, lastError: outcome.reason };
    const [next] = await tx.update(refunds).set(patch).where(eq(refunds.id, id)).returning();
    return next!;
  };
  return q ? run(q) : (await getDb()).transaction(run);
}

/** Finance has paid a refund out by bank transfer (a transfer refund, or an online one left to them). */
export async function markRefundPaidOut(
  id: number,
  actor: StaffActor,
  note: string,
): Promise<RefundRow> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const r = await lockRefund(tx, id);
    const waiting =
      (r.method === 'transfer' && r.status === 'pending') ||
      (r.method === 'online' && r.status === 'queued');
    if (!waiting)
      throw conflict(r.status === 'succeeded' ? '该退款已完成' : '该退款不能标记为已打款');
    const done = await paidBack(tx, r, 'transfer', {});
    await recordAudit(tx, actor, {
      action: 'refund.paid',
      entity: 'refund',
      entityId: id,
      before: { status: r.status },
      after: { status: done.status, note },
    });
    return done;
  });
}

// Finance decides a bank transfer: the money arrived (exactly the payable; a partial amount is
// refused) and the order is paid the way every method pays it, or it did not and the transfer
// is turned down. Money for an order no longer payable goes to the store's balance.
import { eq } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { orders, payments } from '#/server/db/schema/index.ts';
import { conflict, invalid, notFound } from '#/server/errors.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { markPaid } from '#/server/orders/pay.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { move } from '#/server/wallet/accounts.ts';
import { fenToYuan } from '#/lib/money.ts';
import type { TransferRow } from './start.ts';

async function lockPending(tx: Tx, id: number): Promise<TransferRow> {
  const [p] = await tx.select().from(payments).where(eq(payments.id, id)).limit(1).for('update');
  if (!p || p.method !== 'transfer') throw notFound('转账记录不存在');
  if (p.status !== 'pending') throw conflict('该转账已处理');
  return p;
}

export async function confirmTransfer(
  id: number,
  input: { amountFen: number; note: string },
  actor: StaffActor,
) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const p = await lockPending(tx, id);
    if (input.amountFen !== p.amount)
      throw invalid(
        'amount',
        `到账金额¥${fenToYuan(input.amountFen)}与应付金额¥${fenToYuan(p.amount)}不一致，不能确认部分到账`,
      );
    const [o] = await tx.select().from(orders).where(eq(orders.id, p.orderId)).for('update');
    const now = new Date();
    await tx
      .update(payments)
      .set({ status: 'succeeded', paidAt: now, confirmedBy: actor.id, note: input.note })
      .where(eq(payments.id, id));
    const payable = o!.status === 'unpaid';
    // Money received from outside: in and straight out of the balance, as online payments show it.
    await move(
      tx,
      p.companyId,
      'balance',
      p.amount,
      'transfer_in',
      o!.id,
      payable
        ? `订单${o!.no}对公转账（${p.reference}）`
        : `订单${o!.no}已关闭，转账款（${p.reference}）转入余额`,
    );
    if (payable) {
      await move(tx, p.companyId, 'balance', -p.amount, 'order_pay', o!.id, `订单${o!.no}对公转账`);
      await markPaid(tx, o!, 'transfer', p.amount);
    }
    await notifyCompany(tx, p.companyId, {
      title: '转账已确认到账',
      content: payable
        ? `订单${o!.no}的对公转账¥${fenToYuan(p.amount)}（附言${p.reference}）已确认到账，我们将尽快为您发货。`
        : `订单${o!.no}已关闭，您的对公转账¥${fenToYuan(p.amount)}（附言${p.reference}）已转入账户余额。`,
    });
    await recordAudit(tx, actor, {
      action: 'payment.confirm',
      entity: 'payment',
      entityId: id,
      before: { status: p.status, order_status: o!.status },
      after: {
        status: 'succeeded',
        amount: p.amount,
        note: input.note,
        order_status: payable ? 'paid' : o!.status,
        to_balance: !payable,
      },
    });
    return { orderId: o!.id, paidOrder: payable };
  });
}

export async function rejectTransfer(id: number, reason: string, actor: StaffActor) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const p = await lockPending(tx, id);
    const [o] = await tx.select({ no: orders.no }).from(orders).where(eq(orders.id, p.orderId));
    await tx
      .update(payments)
      .set({ status: 'failed', confirmedBy: actor.id, note: reason })
      .where(eq(payments.id, id));
    await notifyCompany(tx, p.companyId, {
      title: '转账未确认',
      content: `订单${o!.no}的对公转账（附言${p.reference}）未能确认到账：${reason}。如已转账请联系客服，或选择其他方式支付。`,
    });
    await recordAudit(tx, actor, {
      action: 'payment.reject',
      entity: 'payment',
      entityId: id,
      before: { status: p.status },
      after: { status: 'failed', reason },
    });
    return { orderId: p.orderId };
  });
}

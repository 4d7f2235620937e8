// The one way money goes back to a store, for a cancelled order or a return: the way it came.
// Balance → the balance ledger at once; credit → the credit used and the order's bill at once
// (what was already repaid of it → balance); online → a refund queued for the payment provider and
// a job that sends it once the transaction commits (settleRefund completes it); bank transfer → a refund finance pays out (markRefundPaidOut).
// Points earned are taken back; a whole refund gives the coupons back while still valid.
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '#/server/db/client.ts';
import { payments, refunds } from '#/server/db/schema/index.ts';
import { conflict, invalid } from '#/server/errors.ts';
import { enqueueRefund } from '#/server/jobs/index.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import type { OrderRow } from '#/server/orders/model.ts';
import { recordAudit } from '#/server/staff/audit.ts';
import { move } from '#/server/wallet/accounts.ts';
import { fenToYuan } from '#/lib/money.ts';
import type { RefundRequest, RefundRow } from './model.ts';
import { restoreCoupons, takeBackPoints } from './promotions.ts';
import { refundedFen } from './refunded.ts';
import { refundToCredit } from './toCredit.ts';

type PaymentRow = typeof payments.$inferSelect;

/** The payment that paid the order (a late twin that went to the balance is not it). */
export async function payingPayment(tx: Tx, order: OrderRow): Promise<PaymentRow | undefined> {
  if (!order.payMethod) return undefined;
  const [p] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.method, order.payMethod),
        eq(payments.status, 'succeeded'),
      ),
    )
    .orderBy(asc(payments.paidAt), asc(payments.id))
    .limit(1);
  return p;
}

/** Still refundable of a paid order (0 when unpaid). */
export async function refundableFen(tx: Tx, order: OrderRow): Promise<number> {
  const p = await payingPayment(tx, order);
  return p ? p.amount - (await refundedFen(tx, 'payment_id', p.id)) : 0;
}

const NOW_TO: Record<'balance' | 'credit', string> = {
  balance: '账户余额',
  credit: '账期额度',
};

/**
 * Refunds `amountFen` (or everything still refundable) of the order's payment inside tx. The
 * caller holds the order row locked (SELECT … FOR UPDATE) and has checked its state; every
 * movement is a ledger row in tx, the store gets a message and the audit log a row.
 */
export async function refundOrderPayments(
  tx: Tx,
  order: OrderRow,
  req: RefundRequest,
): Promise<RefundRow[]> {
  const payment = await payingPayment(tx, order);
  if (!payment) throw conflict('订单未支付，无需退款');
  const before = await refundedFen(tx, 'payment_id', payment.id);
  const left = payment.amount - before;
  const amount = req.amountFen ?? left;
  if (!Number.isSafeInteger(amount) || amount < 0) throw invalid('amount', '退款金额不正确');
  if (amount > left) throw conflict(`退款金额超出可退金额¥${fenToYuan(left)}`);
  const now = new Date();
  const base = {
    orderId: order.id,
    companyId: order.companyId,
    returnId: req.returnId ?? null,
    paymentId: payment.id,
    staffId: req.actor.id,
  };
  const made: RefundRow[] = [];
  const add = async (row: Partial<RefundRow> & Pick<RefundRow, 'method' | 'amount' | 'status'>) => {
    const [r] = await tx
      .insert(refunds)
      .values({ ...base, reason: req.reason, ...row })
      .returning();
    made.push(r!);
  };
  const toBalance = async (fen: number, reason: string) => {
    await move(
      tx,
      order.companyId,
      'balance',
      fen,
      'order_refund',
      order.id,
      `订单${order.no}退款：${reason}`,
    );
    await add({ method: 'balance', amount: fen, status: 'succeeded', completedAt: now, reason });
  };
  if (amount > 0) {
    if (payment.method === 'balance') await toBalance(amount, req.reason);
    else if (payment.method === 'credit') {
      const fromCredit = await refundToCredit(tx, order, amount);
      if (fromCredit > 0)
        await add({ method: 'credit', amount: fromCredit, status: 'succeeded', completedAt: now });
      if (amount > fromCredit)
        await toBalance(amount - fromCredit, `${req.reason}（账期已还款部分退回余额）`);
    } else if (payment.method === 'online') {
      await add({ method: 'online', provider: payment.provider, amount, status: 'queued' });
      await enqueueRefund(tx, made.at(-1)!.id);
    } else await add({ method: 'transfer', amount, status: 'pending' });
  }
  const pointsTaken = await takeBackPoints(tx, order, before + amount);
  const couponsBack = req.amountFen === undefined ? await restoreCoupons(tx, order) : [];
  if (made.length > 0)
    await notifyCompany(
      tx,
      order.companyId,
      refundMessage(order, made, req.reason, pointsTaken, couponsBack),
    );
  await recordAudit(tx, req.actor, {
    action: 'order.refund',
    entity: 'order',
    entityId: order.id,
    before: { refunded: before },
    after: {
      refunded: before + amount,
      refunds: made.map((r) => ({
        id: r.id,
        method: r.method,
        amount: r.amount,
        status: r.status,
      })),
      return_id: req.returnId ?? null,
      points_taken: pointsTaken,
      coupons_back: couponsBack,
    },
  });
  return made;
}

function refundMessage(
  order: OrderRow,
  made: RefundRow[],
  reason: string,
  pointsTaken: number,
  couponsBack: string[],
): { title: string; content: string } {
  const parts = made.map((r) =>
    r.method === 'balance' || r.method === 'credit'
      ? `¥${fenToYuan(r.amount)}已退回${NOW_TO[r.method]}`
      : `¥${fenToYuan(r.amount)}将原路退回${r.method === 'online' ? '在线支付账户' : '您的对公账户'}，到账后另行通知`,
  );
  const extra = [
    pointsTaken > 0 ? `扣回积分${pointsTaken}` : '',
    couponsBack.length ? `退回优惠券：${couponsBack.join('、')}` : '',
  ].filter(Boolean);
  const settled = made.every((r) => r.status === 'succeeded');
  return {
    title: settled ? '退款已到账' : '退款处理中',
    content: `订单${order.no}退款：${parts.join('；')}。原因：${reason}${extra.length ? `。${extra.join('；')}` : ''}`,
  };
}

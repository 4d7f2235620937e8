// Paying on credit terms (账期): within the available limit and never while a bill is overdue;
// the amount joins this month's credit bill.
import { and, eq } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { payments } from '#/server/db/schema/index.ts';
import { conflict } from '#/server/errors.ts';
import { addToCreditBill, creditStatus } from '#/server/wallet/credit.ts';
import { move } from '#/server/wallet/accounts.ts';
import { ownOrder } from './own.ts';
import { lockUnpaid, markPaid, recordPayment } from './pay.ts';
import { EPHEDRINE_PAY_RULE, payMethodsFor } from './payRules.ts';
import { presentCredit, presentPaymentStart } from './present.ts';
import { orderInfo } from './views.ts';

export async function creditCheck(companyId: number, id: number | null) {
  const s = await creditStatus(companyId);
  const o = id ? await ownOrder(companyId, id) : null;
  const reason =
    o && !payMethodsFor(o).includes('credit')
      ? EPHEDRINE_PAY_RULE
      : s.limitFen === 0
        ? '未开通账期'
        : s.overdue
          ? '账期已逾期，请先还款'
          : o && o.payableAmount > s.availableFen
            ? '账期额度不足'
            : null;
  return presentCredit(reason, s);
}

/** user_credit_create: a pending credit payment for the order (after the checks). */
export async function creditCreate(companyId: number, id: number) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const o = await lockUnpaid(tx, companyId, id, 'credit');
    const s = await creditStatus(companyId, tx);
    if (s.overdue) throw conflict('账期已逾期，请先还款');
    if (o.payableAmount > s.availableFen) throw conflict('账期额度不足');
    const [p] = await tx
      .insert(payments)
      .values({ orderId: o.id, companyId, method: 'credit', amount: o.payableAmount })
      .returning({ id: payments.id });
    return presentPaymentStart({ id: p!.id, amountFen: o.payableAmount });
  });
}

/** user_credit_pay: the order is paid on credit; the credit used grows and joins this month's bill. */
export async function creditPay(companyId: number, id: number) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const o = await lockUnpaid(tx, companyId, id, 'credit');
    const s = await creditStatus(companyId, tx);
    if (s.overdue) throw conflict('账期已逾期，请先还款');
    // One instant for the order's payment and its bill: a refund finds the bill by the order's
    // paid time (refunds/toCredit.ts), also when it is paid as a month turns.
    const paidAt = new Date();
    await move(tx, companyId, 'credit', o.payableAmount, 'credit_pay', o.id, `订单${o.no}账期支付`);
    await addToCreditBill(tx, companyId, o.payableAmount, paidAt);
    const [pending] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, o.id),
          eq(payments.method, 'credit'),
          eq(payments.status, 'pending'),
        ),
      )
      .limit(1);
    if (pending)
      await tx
        .update(payments)
        .set({ status: 'succeeded', paidAt })
        .where(eq(payments.id, pending.id));
    else await recordPayment(tx, o, 'credit');
    await markPaid(tx, o, 'credit', o.payableAmount, paidAt);
  });
  return orderInfo(companyId, id);
}

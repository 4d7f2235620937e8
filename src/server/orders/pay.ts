// Paying an unpaid order from the wallet balance, and what every way of paying shares: the order
// is locked and must still be payable; once paid it earns points.
import { eq } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { orders, payments, type PayMethod } from '#/server/db/schema/index.ts';
import { conflict } from '#/server/errors.ts';
import { move } from '#/server/wallet/accounts.ts';
import type { OrderRow } from './model.ts';
import { ownOrder } from './own.ts';
import { assertPayMethod } from './payRules.ts';
import { orderInfo } from './views.ts';
import { tallyPaid } from '#/server/reports/tally.ts';

/** The company's order, locked, still unpaid, within its deadline and payable by `method`. */
export async function lockUnpaid(
  tx: Tx,
  companyId: number,
  id: number,
  method: PayMethod,
): Promise<OrderRow> {
  const o = await ownOrder(companyId, id, tx);
  if (o.status === 'cancelled') throw conflict('订单已取消');
  if (o.status !== 'unpaid') throw conflict('订单已支付');
  if (o.expiresAt < new Date()) throw conflict('订单已超时，请重新下单');
  assertPayMethod(o, method);
  return o;
}

/**
 * Marks the order paid inside tx (the caller has locked it and checked it is unpaid); the payment
 * earns 1 point per whole yuan.
 */
export async function markPaid(
  tx: Tx,
  o: OrderRow,
  method: PayMethod,
  paidFen: number,
  paidAt = new Date(),
): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'paid', payMethod: method, paidAt })
    .where(eq(orders.id, o.id));
  await tallyPaid(tx, o.id);
  const points = Math.floor(paidFen / 100);
  if (points > 0)
    await move(tx, o.companyId, 'points', points, 'order_points', o.id, '订单赠送积分');
}

/** A payment of the whole payable that succeeded at once (balance, credit). */
export async function recordPayment(tx: Tx, o: OrderRow, method: PayMethod): Promise<void> {
  await tx.insert(payments).values({
    orderId: o.id,
    companyId: o.companyId,
    method,
    amount: o.payableAmount,
    status: 'succeeded',
    paidAt: new Date(),
  });
}

export async function payWithBalance(companyId: number, id: number) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const o = await lockUnpaid(tx, companyId, id, 'balance');
    await move(
      tx,
      companyId,
      'balance',
      -o.payableAmount,
      'order_pay',
      o.id,
      `订单${o.no}余额支付`,
    );
    await recordPayment(tx, o, 'balance');
    await markPaid(tx, o, 'balance', o.payableAmount);
  });
  return orderInfo(companyId, id);
}

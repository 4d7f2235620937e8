// Online payment through the configured providers (server/payments/): start a payment, the
// sandbox cashier's "pay", and an authentic notice applied to the payment and its order
// (docs/api.md "Online payments"). A notice for an order that can no longer be paid is recorded
// and refunded through the provider, never turned into spendable balance.
import { and, eq, ne } from 'drizzle-orm';
import QRCode from 'qrcode';
import { getDb, type Tx } from '#/server/db/client.ts';
import { orders, payments, refunds } from '#/server/db/schema/index.ts';
import { conflict, invalid, notFound } from '#/server/errors.ts';
import type { PaidNotice, PaymentProvider } from '#/server/payments/provider.ts';
import { enabledPaymentProviders, providerByName } from '#/server/payments/registry.ts';
import { noticeOutcome } from '#/server/payments/settlement.ts';
import { enqueueRefund } from '#/server/jobs/index.ts';
import { move } from '#/server/wallet/accounts.ts';
import { lockUnpaid, markPaid } from './pay.ts';
import { presentPaymentStart } from './present.ts';

/** The provider a buyer pays with: the one asked for, else the first one configured. */
function chosenProvider(name: string | undefined): PaymentProvider {
  const picked = name ?? enabledPaymentProviders()[0];
  const provider = picked ? providerByName(picked) : null;
  if (!provider) throw invalid('provider', '暂不支持该支付方式，请选择其他支付方式');
  return provider;
}

/** The code a buyer scans (WeChat Pay Native's code_url) as an SVG image for the pay page. */
const qrSvg = (code: string) =>
  QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 220 });

/** Starts an online payment with the provider; answers where (or how) the buyer pays. */
export async function onlineCreate(companyId: number, id: number, providerName?: string) {
  const provider = chosenProvider(providerName);
  const db = await getDb();
  const { paymentId, order } = await db.transaction(async (tx) => {
    const o = await lockUnpaid(tx, companyId, id, 'online');
    const [p] = await tx
      .insert(payments)
      .values({
        orderId: o.id,
        companyId,
        method: 'online',
        provider: provider.name,
        amount: o.payableAmount,
      })
      .returning({ id: payments.id });
    return { paymentId: p!.id, order: o };
  });
  // Outside the transaction: a provider's answer takes network time. A failed start leaves a
  // pending payment nobody can pay, which the unpaid-order timeout closes with its order.
  const started = await provider.start({
    paymentId,
    orderNo: order.no,
    amountFen: order.payableAmount,
    subject: `药批订单${order.no}`,
    returnPath: `/order/info/${order.id}`,
  });
  return presentPaymentStart({
    id: paymentId,
    amountFen: order.payableAmount,
    ...(started.payUrl ? { payUrl: started.payUrl } : {}),
    ...(started.qrCode ? { qrCode: started.qrCode, qrSvg: await qrSvg(started.qrCode) } : {}),
  });
}

/** The sandbox cashier's "pay": the sandbox notifies the shop's own notify URL, asynchronously. */
export async function sandboxConfirm(companyId: number, paymentId: number): Promise<void> {
  const sandbox = providerByName('sandbox');
  if (!sandbox) throw notFound('支付方式不存在');
  const db = await getDb();
  const [p] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.companyId, companyId),
        eq(payments.provider, 'sandbox'),
      ),
    )
    .limit(1);
  if (!p) throw notFound('支付单不存在');
  if (p.status !== 'pending') throw conflict('该支付单已处理');
  void sandbox.deliver(p.id, p.amount);
}

type Accepted = { outcome: 'paid' | 'refunding' | 'failed' | 'unchanged' };

async function applyNotice(
  tx: Tx,
  provider: PaymentProvider,
  notice: PaidNotice,
): Promise<Accepted> {
  const [p] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, notice.paymentId), eq(payments.provider, provider.name)))
    .limit(1)
    .for('update');
  if (!p) throw notFound('支付单不存在');
  const [o] = await tx.select().from(orders).where(eq(orders.id, p.orderId)).limit(1).for('update');
  if (!o) throw notFound('订单不存在');
  const [otherPaid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, o.id), eq(payments.status, 'succeeded'), ne(payments.id, p.id)))
    .limit(1);
  const payable = o.status === 'unpaid' && o.expiresAt > new Date() && !otherPaid;
  const outcome = noticeOutcome(
    { amountFen: p.amount, status: p.status, providerTxn: p.providerTxn },
    payable,
    notice,
  );
  if (outcome === 'replay' || outcome === 'ignore') return { outcome: 'unchanged' };
  if (outcome === 'fail') {
    await tx.update(payments).set({ status: 'failed' }).where(eq(payments.id, p.id));
    return { outcome: 'failed' };
  }
  await tx
    .update(payments)
    .set({ status: 'succeeded', providerTxn: notice.providerTxn, paidAt: new Date() })
    .where(eq(payments.id, p.id));
  // Money received from outside: in and straight out again, so the ledger shows where it went.
  await move(tx, o.companyId, 'balance', p.amount, 'online_in', o.id, `订单${o.no}在线支付`);
  if (outcome === 'pay_order') {
    await move(tx, o.companyId, 'balance', -p.amount, 'order_pay', o.id, `订单${o.no}在线支付`);
    await markPaid(tx, o, 'online', p.amount);
    return { outcome: 'paid' };
  }
  // Paid for an order that was cancelled, expired or paid another way: owed back, the way it came.
  await move(
    tx,
    o.companyId,
    'balance',
    -p.amount,
    'online_refund',
    o.id,
    `订单${o.no}已关闭，在线支付款原路退回`,
  );
  const [r] = await tx
    .insert(refunds)
    .values({
      orderId: o.id,
      companyId: o.companyId,
      paymentId: p.id,
      method: 'online',
      provider: provider.name,
      amount: p.amount,
      status: 'queued',
      reason: '订单已关闭或已支付，到账款原路退回',
    })
    .returning({ id: refunds.id });
  await enqueueRefund(tx, r!.id);
  return { outcome: 'refunding' };
}

/** Applies an authentic notice (verified by the provider) once; a replay changes nothing. */
export async function acceptNotice(
  provider: PaymentProvider,
  notice: PaidNotice,
): Promise<Accepted> {
  const db = await getDb();
  // A refund it owes goes to the provider in a job written with the notice (jobs/index.ts).
  return db.transaction((tx) => applyNotice(tx, provider, notice));
}

// Sends online refunds to their provider. A refund waits as `queued` with no error until it is
// sent; the provider's answer is recorded by refunds/complete.ts `settleRefund`, the one place an
// online refund completes (ledger rows, the buyer's message) or goes to finance with the reason.
// A provider fault puts it back in the queue for the next try; the refund id is the provider's
// idempotency key, so a retry never pays back twice.
import { and, eq } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { payments, refunds } from '#/server/db/schema/index.ts';
import { isDomainError } from '#/server/errors.ts';
import { logger } from '#/server/log.ts';
import { settleRefund } from '#/server/refunds/complete.ts';
import { providerByName } from './registry.ts';

/** Online refunds waiting to be sent: queued, never refused (a refusal carries its reason). */
const toSend = and(
  eq(refunds.method, 'online'),
  eq(refunds.status, 'queued'),
  eq(refunds.lastError, ''),
);

export async function sendProviderRefund(refundId: number): Promise<void> {
  const db = await getDb();
  // Claim it: of two processes trying at once, one sends.
  const [claimed] = await db
    .update(refunds)
    .set({ status: 'processing' })
    .where(and(eq(refunds.id, refundId), toSend))
    .returning();
  if (!claimed) return;
  const [payment] = claimed.paymentId
    ? await db.select().from(payments).where(eq(payments.id, claimed.paymentId)).limit(1)
    : [];
  const provider = providerByName(claimed.provider);
  if (!payment?.providerTxn || !provider) {
    await settleRefund(refundId, {
      state: 'refused',
      reason: '该支付方式无法原路退款，请财务人工退款',
    });
    return;
  }
  try {
    const result = await provider.refund({
      paymentId: payment.id,
      providerTxn: payment.providerTxn,
      refundId,
      amountFen: claimed.amount,
      totalFen: payment.amount,
      reason: claimed.reason,
    });
    await settleRefund(refundId, result);
  } catch (error) {
    logger.warn('provider refund failed', {
      refundId,
      reason: isDomainError(error) ? error.message : String(error),
    });
    await db.update(refunds).set({ status: 'queued' }).where(eq(refunds.id, refundId));
  }
}

/** Online refunds still waiting for their provider are sent (housekeeping runs this). */
export async function retryProviderRefunds(limit = 20): Promise<number> {
  const db = await getDb();
  const waiting = await db.select({ id: refunds.id }).from(refunds).where(toSend).limit(limit);
  for (const r of waiting) await sendProviderRefund(r.id);
  return waiting.length;
}

// Moves online refunds on with their provider. A refund waits as `queued` (no error) until it is
// sent; `processing` while a try is under way or the provider is still paying it back. The
// provider's answer is recorded by refunds/complete.ts `settleRefund`, the one place an online
// refund completes (ledger rows, the buyer's message) or goes to finance with the reason. The
// refund id is the provider's idempotency key, so sending one again never pays back twice.
// Which process runs a try, when, and how often it is retried is the job system's (server/jobs).
import { and, eq, or } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { payments, refunds } from '#/server/db/schema/index.ts';
import { isDomainError } from '#/server/errors.ts';
import { logger } from '#/server/log.ts';
import { settleRefund } from '#/server/refunds/complete.ts';
import type { RefundOutcome } from '#/server/refunds/model.ts';
import { providerByName } from './registry.ts';

/** A try that must be repeated later: the provider failed, or is still paying the refund back. */
export class RefundNotSettled extends Error {
  override name = 'RefundNotSettled';
}

/** Online refunds the provider still has to take or finish: queued (never refused) or processing. */
const refundsWithProvider = and(
  eq(refunds.method, 'online'),
  or(
    and(eq(refunds.status, 'queued'), eq(refunds.lastError, '')),
    eq(refunds.status, 'processing'),
  ),
);

async function settle(refundId: number, outcome: RefundOutcome): Promise<void> {
  try {
    await settleRefund(refundId, outcome);
  } catch (error) {
    // Settled meanwhile by another try (or by finance): nothing left to record.
    if (!(isDomainError(error) && error.code === 'CONFLICT')) throw error;
  }
}

/**
 * One try at an online refund: sends it (queued, or claimed by a try that never heard back) or
 * asks the provider how it stands (processing with the provider's refund id). Anything else
 * (settled, refused, not online) is left alone. Throws RefundNotSettled when it must be tried
 * again; on the `lastTry` a provider that keeps failing hands the refund to finance instead.
 */
export async function advanceProviderRefund(refundId: number, lastTry = false): Promise<void> {
  const db = await getDb();
  const [r] = await db.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
  if (!r || r.method !== 'online') return;
  if (r.status === 'queued') {
    // Claim it: of two tries at once, one sends.
    const [claimed] = await db
      .update(refunds)
      .set({ status: 'processing' })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'queued'), eq(refunds.lastError, '')))
      .returning({ id: refunds.id });
    if (!claimed) return;
  } else if (r.status !== 'processing') return;
  const [payment] = r.paymentId
    ? await db.select().from(payments).where(eq(payments.id, r.paymentId)).limit(1)
    : [];
  const provider = providerByName(r.provider);
  if (!payment?.providerTxn || !provider) {
    await settle(refundId, { state: 'refused', reason: '该支付方式无法原路退款，请财务人工退款' });
    return;
  }
  let outcome: RefundOutcome;
  try {
    outcome = r.providerRefundId
      ? await provider.refundStatus({ paymentId: payment.id, refundId })
      : await provider.refund({
          paymentId: payment.id,
          providerTxn: payment.providerTxn,
          refundId,
          amountFen: r.amount,
          totalFen: payment.amount,
          reason: r.reason,
        });
  } catch (error) {
    const reason = isDomainError(error) ? error.message : String(error);
    logger.warn('provider refund failed', { refundId, reason, lastTry });
    if (lastTry) {
      await settle(refundId, {
        state: 'refused',
        reason: `支付渠道多次退款失败（${reason}），请财务人工退款`,
      });
      return;
    }
    // Not yet taken by the provider: back in the queue for the next try.
    if (!r.providerRefundId)
      await db
        .update(refunds)
        .set({ status: 'queued' })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'processing')));
    throw new RefundNotSettled(reason);
  }
  await settle(refundId, outcome);
  if (outcome.state === 'processing' && !lastTry) throw new RefundNotSettled('支付渠道退款处理中');
}

/** Ids of online refunds the provider still has to take or finish, oldest first. */
export async function refundsAwaitingProvider(limit = 50): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(refundsWithProvider)
    .orderBy(refunds.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

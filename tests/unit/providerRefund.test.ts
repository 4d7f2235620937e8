// One try of an online refund (advanceProviderRefund), as the refund job makes it: a provider
// fault puts it back in the queue and asks for another try, "processing" is asked about later, the
// last try that fails hands it to finance, and whatever is settled is left alone. Paid back once.
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RefundResult } from '#/server/payments/provider.ts';
import { memoryDb } from '../support/memoryDb.ts';

const provider = {
  refund: vi.fn<() => Promise<RefundResult>>(),
  refundStatus: vi.fn<() => Promise<RefundResult>>(),
};
vi.mock('#/server/payments/registry.ts', () => ({
  providerByName: (name: string) => (name === 'sandbox' ? provider : null),
}));

let env: Awaited<ReturnType<typeof memoryDb>>;
let refunds: typeof import('#/server/payments/refunds.ts');
let errors: typeof import('#/server/errors.ts');

beforeAll(async () => {
  env = await memoryDb();
  refunds = await import('#/server/payments/refunds.ts');
  errors = await import('#/server/errors.ts');
}, 60_000);

beforeEach(() => {
  provider.refund.mockReset();
  provider.refundStatus.mockReset();
});

let seq = 0;
/** An order paid online for ¥10.00 and an online refund of it waiting in the queue. */
async function queuedRefund(over: { status?: 'queued' | 'processing' } = {}) {
  const { db, schema } = env;
  const m = await env.member();
  const [o] = await db
    .insert(schema.orders)
    .values({
      no: `T${++seq}`,
      companyId: m.companyId,
      accountId: m.accountId,
      status: 'cancelled',
      goodsAmount: 1000,
      payableAmount: 1000,
      expiresAt: new Date(),
      address: { name: '张三', phone: '13800000000', region: '湖北省', address: '武汉' },
    })
    .returning();
  const [p] = await db
    .insert(schema.payments)
    .values({
      orderId: o!.id,
      companyId: m.companyId,
      method: 'online',
      provider: 'sandbox',
      amount: 1000,
      status: 'succeeded',
      providerTxn: `SBX${seq}`,
    })
    .returning();
  const [r] = await db
    .insert(schema.refunds)
    .values({
      orderId: o!.id,
      companyId: m.companyId,
      paymentId: p!.id,
      method: 'online',
      provider: 'sandbox',
      amount: 1000,
      status: over.status ?? 'queued',
      reason: '缺货取消',
    })
    .returning();
  return { refundId: r!.id, companyId: m.companyId };
}

const row = async (id: number) =>
  (await env.db.select().from(env.schema.refunds).where(eq(env.schema.refunds.id, id)))[0]!;
const ledger = async (companyId: number, kind: string) =>
  env.db
    .select()
    .from(env.schema.ledgerEntries)
    .where(
      and(
        eq(env.schema.ledgerEntries.companyId, companyId),
        eq(env.schema.ledgerEntries.kind, kind),
      ),
    );
const fault = () => errors.providerFailed('渠道繁忙');

describe('one try at an online refund', () => {
  it('a provider fault: back in the queue, another try asked for; the next try pays back once', async () => {
    const { refundId, companyId } = await queuedRefund();
    provider.refund.mockRejectedValueOnce(fault());
    await expect(refunds.advanceProviderRefund(refundId)).rejects.toBeInstanceOf(
      refunds.RefundNotSettled,
    );
    expect(await row(refundId)).toMatchObject({ status: 'queued', lastError: '' });
    provider.refund.mockResolvedValueOnce({ state: 'succeeded', providerRefundId: 'R1' });
    await refunds.advanceProviderRefund(refundId);
    expect(await row(refundId)).toMatchObject({ status: 'succeeded', providerRefundId: 'R1' });
    expect(provider.refund.mock.calls[1]).toEqual([
      expect.objectContaining({ refundId, amountFen: 1000, totalFen: 1000 }),
    ]);
    // Settled: a later try (a duplicate job, the resend sweep) asks the provider nothing.
    await refunds.advanceProviderRefund(refundId);
    expect(provider.refund).toHaveBeenCalledTimes(2);
    expect(await ledger(companyId, 'order_refund')).toHaveLength(1);
    expect(await ledger(companyId, 'refund_out')).toHaveLength(1);
  });

  it('"processing": kept with the provider’s id and asked about at the next try', async () => {
    const { refundId } = await queuedRefund();
    provider.refund.mockResolvedValueOnce({ state: 'processing', providerRefundId: 'P9' });
    await expect(refunds.advanceProviderRefund(refundId)).rejects.toBeInstanceOf(
      refunds.RefundNotSettled,
    );
    expect(await row(refundId)).toMatchObject({ status: 'processing', providerRefundId: 'P9' });
    provider.refundStatus.mockResolvedValueOnce({ state: 'succeeded', providerRefundId: 'P9' });
    await refunds.advanceProviderRefund(refundId);
    expect(provider.refund).toHaveBeenCalledTimes(1);
    expect(provider.refundStatus).toHaveBeenCalledTimes(1);
    expect((await row(refundId)).status).toBe('succeeded');
  });

  it('the last try that fails hands the refund to finance, and no job sends it again', async () => {
    const { refundId } = await queuedRefund();
    provider.refund.mockRejectedValue(fault());
    await refunds.advanceProviderRefund(refundId, true);
    const r = await row(refundId);
    expect(r.status).toBe('queued');
    expect(r.lastError).toBe('支付渠道多次退款失败（渠道繁忙），请财务人工退款');
    expect(await refunds.refundsAwaitingProvider()).not.toContain(refundId);
    await refunds.advanceProviderRefund(refundId);
    expect(provider.refund).toHaveBeenCalledTimes(1);
  });

  it('a try that died after claiming the refund: the next one sends it again (same refund id)', async () => {
    const { refundId } = await queuedRefund({ status: 'processing' });
    expect(await refunds.refundsAwaitingProvider()).toContain(refundId);
    provider.refund.mockResolvedValueOnce({ state: 'succeeded', providerRefundId: 'R2' });
    await refunds.advanceProviderRefund(refundId);
    expect(provider.refund).toHaveBeenCalledWith(expect.objectContaining({ refundId }));
    expect((await row(refundId)).status).toBe('succeeded');
  });
});

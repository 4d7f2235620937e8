// After any sequence of orders, payments (balance, credit, online, bank transfer), cancellations,
// returns, refunds, payouts and credit repayments, every ledger sums to its wallet figure, the
// open credit bills add up to the credit used, and no payment is refunded beyond its amount.
import fc from 'fast-check';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryDb } from '../support/memoryDb.ts';
import { DEFAULT_BANK_TRANSFER } from '#/lib/siteDefaults.ts';

let ctx: Awaited<ReturnType<typeof memoryDb>>;
let m: {
  pay: typeof import('#/server/orders/pay.ts');
  credit: typeof import('#/server/orders/credit.ts');
  online: typeof import('#/server/orders/online.ts');
  cancel: typeof import('#/server/orders/cancel.ts');
  stock: typeof import('#/server/orders/stock.ts');
  returns: typeof import('#/server/orders/returns.ts');
  wallet: typeof import('#/server/wallet/accounts.ts');
  payments: typeof import('#/server/payments/registry.ts');
  errors: typeof import('#/server/errors.ts');
  refund: typeof import('#/server/refunds/orderRefund.ts');
  complete: typeof import('#/server/refunds/complete.ts');
  review: typeof import('#/server/returns/review.ts');
  receive: typeof import('#/server/returns/receive.ts');
  returnRefund: typeof import('#/server/returns/refund.ts');
  transferStart: typeof import('#/server/transfers/start.ts');
  transferConfirm: typeof import('#/server/transfers/confirm.ts');
  repay: typeof import('#/server/creditTerms/repay.ts');
  hooks: typeof import('#/testing/hooks.ts');
};
let goodsId = 0;
let lotId = 0;
const actor = { id: 0, login: 'finance', role: 'finance' as const, ip: '127.0.0.1' };

beforeAll(async () => {
  process.env['YAOPI_TEST_HOOKS'] = '1';
  ctx = await memoryDb();
  m = {
    pay: await import('#/server/orders/pay.ts'),
    credit: await import('#/server/orders/credit.ts'),
    online: await import('#/server/orders/online.ts'),
    cancel: await import('#/server/orders/cancel.ts'),
    stock: await import('#/server/orders/stock.ts'),
    returns: await import('#/server/orders/returns.ts'),
    wallet: await import('#/server/wallet/accounts.ts'),
    payments: await import('#/server/payments/registry.ts'),
    errors: await import('#/server/errors.ts'),
    refund: await import('#/server/refunds/orderRefund.ts'),
    complete: await import('#/server/refunds/complete.ts'),
    review: await import('#/server/returns/review.ts'),
    receive: await import('#/server/returns/receive.ts'),
    returnRefund: await import('#/server/returns/refund.ts'),
    transferStart: await import('#/server/transfers/start.ts'),
    transferConfirm: await import('#/server/transfers/confirm.ts'),
    repay: await import('#/server/creditTerms/repay.ts'),
    hooks: await import('#/testing/hooks.ts'),
  };
  const { db, schema } = ctx;
  const [staff] = await db
    .insert(schema.staff)
    .values({ login: 'finance', passwordHash: 'x', roles: ['finance'] })
    .returning();
  actor.id = staff!.id;
  const [maker] = await db
    .insert(schema.manufacturers)
    .values({ name: '测试制药', initials: 'cszy', pinyin: 'ceshizhiyao' })
    .returning();
  const [cat] = await db
    .insert(schema.categories)
    .values({ line: 'general', name: '测试分类' })
    .returning();
  const [g] = await db
    .insert(schema.goods)
    .values({
      code: 'LEDGER1',
      name: '测试片',
      spec: '0.25g*24片',
      manufacturerId: maker!.id,
      sccj: '测试制药',
      drugClass: 'otc_a',
      bzdw: '盒',
      categoryId: cat!.id,
      line: 'general',
      basePrice: 1000,
      stock: 1_000_000,
      nameInitials: 'csp',
      namePinyin: 'ceshipian',
      sccjInitials: 'cszy',
      sccjPinyin: 'ceshizhiyao',
    })
    .returning();
  goodsId = g!.id;
  const [lot] = await db
    .insert(schema.goodsLots)
    .values({
      goodsId,
      batchNo: 'B1',
      producedOn: '2026-01-01',
      expiresOn: '2028-01-01',
      stock: 1_000_000,
    })
    .returning();
  lotId = lot!.id;
  await db
    .insert(schema.siteSettings)
    .values({ key: 'bank_transfer', value: DEFAULT_BANK_TRANSFER });
}, 120_000);

type Op =
  | { t: 'place'; units: number; price: number; discountPct: number }
  | { t: 'pay'; i: number; way: 'balance' | 'credit' | 'online' | 'transfer' | 'transfer_reject' }
  | { t: 'cancel'; i: number }
  | { t: 'ship'; i: number }
  | { t: 'return'; i: number; units: number; approve: number; off: number }
  | { t: 'partial'; i: number; pct: number }
  | { t: 'settle'; k: number; ok: boolean }
  | { t: 'repay'; pct: number };

const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  weighted(
    3,
    fc.record({
      t: fc.constant('place' as const),
      units: fc.integer({ min: 1, max: 5 }),
      price: fc.integer({ min: 1, max: 40_000 }),
      discountPct: fc.integer({ min: 0, max: 30 }),
    }),
  ),
  weighted(
    4,
    fc.record({
      t: fc.constant('pay' as const),
      i: fc.nat(),
      way: fc.constantFrom('balance', 'credit', 'online', 'transfer', 'transfer_reject'),
    }),
  ),
  weighted(1, fc.record({ t: fc.constant('cancel' as const), i: fc.nat() })),
  weighted(1, fc.record({ t: fc.constant('ship' as const), i: fc.nat() })),
  weighted(
    3,
    fc.record({
      t: fc.constant('return' as const),
      i: fc.nat(),
      units: fc.integer({ min: 1, max: 5 }),
      approve: fc.integer({ min: 0, max: 5 }),
      off: fc.integer({ min: 0, max: 5 }),
    }),
  ),
  weighted(
    1,
    fc.record({
      t: fc.constant('partial' as const),
      i: fc.nat(),
      pct: fc.integer({ min: 1, max: 120 }),
    }),
  ),
  weighted(3, fc.record({ t: fc.constant('settle' as const), k: fc.nat(), ok: fc.boolean() })),
  weighted(
    2,
    fc.record({ t: fc.constant('repay' as const), pct: fc.integer({ min: 1, max: 110 }) }),
  ),
);

/** A sequence that takes every path once, so the run never depends on chance for coverage. */
const EVERY_PATH: Op[] = [
  ...Array.from(
    { length: 5 },
    () => ({ t: 'place', units: 3, price: 10_000, discountPct: 10 }) as Op,
  ),
  { t: 'pay', i: 0, way: 'balance' },
  { t: 'pay', i: 0, way: 'credit' },
  { t: 'pay', i: 0, way: 'online' },
  { t: 'pay', i: 0, way: 'transfer' },
  { t: 'pay', i: 0, way: 'transfer_reject' },
  { t: 'ship', i: 0 },
  { t: 'return', i: 0, units: 2, approve: 1, off: 0 },
  { t: 'return', i: 1, units: 1, approve: 1, off: 1 },
  { t: 'return', i: 2, units: 1, approve: 1, off: 0 },
  { t: 'return', i: 3, units: 3, approve: 2, off: 1 },
  { t: 'return', i: 0, units: 1, approve: 0, off: 0 },
  { t: 'settle', k: 0, ok: false },
  { t: 'settle', k: 0, ok: true },
  { t: 'settle', k: 0, ok: true },
  { t: 'partial', i: 1, pct: 10 },
  { t: 'repay', pct: 50 },
  { t: 'partial', i: 1, pct: 200 },
  { t: 'cancel', i: 1 },
  { t: 'cancel', i: 4 },
  { t: 'repay', pct: 100 },
];

let orderSeq = 0;
/** What the runs actually did, so the test knows its sequences reach every path. */
const done = new Map<string, number>();
const count = (what: string) => done.set(what, (done.get(what) ?? 0) + 1);

/** One store's world: its orders, and what each operation does to them. */
async function world(balance: number, creditLimit: number) {
  const { db, schema } = ctx;
  const { companyId } = await ctx.member();
  await m.hooks.fundForTest(companyId, balance, creditLimit);
  const orders: number[] = [];
  const pick = async (i: number, status?: string) => {
    const rows = await db
      .select()
      .from(schema.orders)
      .where(
        and(
          eq(schema.orders.companyId, companyId),
          status ? eq(schema.orders.status, status as 'paid') : undefined,
        ),
      )
      .orderBy(schema.orders.id);
    return rows.length ? rows[i % rows.length] : undefined;
  };
  const lineOf = async (orderId: number) =>
    (await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, orderId)))[0]!;

  async function run(op: Op): Promise<void> {
    const before = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.companyId, companyId));
    await step(op);
    const after = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.companyId, companyId));
    if (after[0]!.n > before[0]!.n || op.t === 'place')
      count(op.t === 'pay' ? `pay:${op.way}` : op.t);
  }

  async function step(op: Op): Promise<void> {
    if (op.t === 'place') {
      const amount = op.price * op.units;
      const discount = Math.floor((amount * op.discountPct) / 100);
      await db.transaction(async (tx) => {
        const [o] = await tx
          .insert(schema.orders)
          .values({
            no: `L${companyId}-${++orderSeq}`,
            companyId,
            accountId: (
              await tx.select().from(schema.companies).where(eq(schema.companies.id, companyId))
            )[0]!.accountId,
            goodsAmount: amount,
            fullReductionAmount: discount,
            payableAmount: amount - discount,
            expiresAt: new Date(Date.now() + 3_600_000),
            address: { name: '张三', phone: '13800000000', region: '湖北省', address: '武汉' },
          })
          .returning();
        const [l] = await tx
          .insert(schema.orderLines)
          .values({
            orderId: o!.id,
            goodsId,
            name: '测试片',
            spec: '0.25g*24片',
            sccj: '测试制药',
            bzdw: '盒',
            number: op.units,
            basePrice: op.price,
            unitPrice: op.price,
            amount,
            discount,
          })
          .returning();
        await tx.insert(schema.stockReservations).values({
          orderId: o!.id,
          orderLineId: l!.id,
          lotId,
          batchNo: 'B1',
          expiresOn: '2028-01-01',
          number: op.units,
        });
        orders.push(o!.id);
      });
    } else if (op.t === 'pay') {
      const o = await pick(op.i, 'unpaid');
      if (!o) return;
      if (op.way === 'balance') await m.pay.payWithBalance(companyId, o.id);
      else if (op.way === 'credit') await m.credit.creditPay(companyId, o.id);
      else if (op.way === 'online') {
        const start = await m.online.onlineCreate(companyId, o.id);
        await m.online.acceptNotice(m.payments.providerByName('sandbox')!, {
          paymentId: start.payment_id,
          providerTxn: `SBX${start.payment_id}`,
          amountFen: o.payableAmount,
          currency: 'CNY',
          paid: true,
        });
      } else {
        const { transfer } = await m.transferStart.startTransfer(companyId, o.id);
        if (op.way === 'transfer')
          await m.transferConfirm.confirmTransfer(
            transfer.id,
            { amountFen: transfer.amount, note: '' },
            actor,
          );
        else await m.transferConfirm.rejectTransfer(transfer.id, '未到账', actor);
      }
    } else if (op.t === 'cancel') {
      const o = await pick(op.i);
      if (!o) return;
      if (o.status === 'unpaid') await m.cancel.cancelOrder(companyId, o.id);
      else
        await m.stock.stockTransaction(async (tx, touched) => {
          const [locked] = await tx
            .select()
            .from(schema.orders)
            .where(eq(schema.orders.id, o.id))
            .for('update');
          if (locked!.status !== 'paid') return;
          await tx
            .update(schema.orders)
            .set({ status: 'cancelled', cancelledAt: new Date(), cancelledBy: 'staff' })
            .where(eq(schema.orders.id, o.id));
          await m.stock.releaseStock(tx, touched, [o.id]);
          await m.refund.refundOrderPayments(tx, locked!, { reason: '员工取消', actor });
        });
    } else if (op.t === 'ship') {
      const o = await pick(op.i, 'paid');
      if (o) await m.hooks.shipForTest(o.id);
    } else if (op.t === 'return') {
      const o = await pick(op.i);
      if (!o || o.status === 'unpaid' || o.status === 'cancelled') return;
      const line = await lineOf(o.id);
      await m.returns.applyReturn(companyId, o.id, {
        kind: 'return',
        reason: '测试退货',
        lines: [{ id: line.id, number: op.units }],
        photos: [],
      });
      const [r] = await db
        .select()
        .from(schema.returnRequests)
        .where(eq(schema.returnRequests.orderId, o.id))
        .orderBy(sql`id DESC`)
        .limit(1);
      const [rl] = await db
        .select()
        .from(schema.returnLines)
        .where(eq(schema.returnLines.returnId, r!.id));
      const approved = Math.min(op.approve, op.units);
      if (approved === 0) {
        await m.review.reviewReturn(r!.id, { approve: false, reason: '不同意' }, actor);
        return;
      }
      await m.review.reviewReturn(
        r!.id,
        { approve: true, lines: [{ id: rl!.id, number: approved }] },
        actor,
      );
      const off = Math.min(op.off, approved);
      await m.receive.receiveReturn(
        r!.id,
        [{ id: rl!.id, received: approved - off, writtenOff: off }],
        actor,
      );
      await m.returnRefund.refundReturn(r!.id, actor);
    } else if (op.t === 'partial') {
      const o = await pick(op.i);
      if (!o) return;
      await db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(schema.orders)
          .where(eq(schema.orders.id, o.id))
          .for('update');
        const left = await m.refund.refundableFen(tx, locked!);
        await m.refund.refundOrderPayments(tx, locked!, {
          amountFen: Math.max(1, Math.ceil((left * op.pct) / 100)),
          reason: '部分退款',
          actor,
        });
      });
    } else if (op.t === 'settle') {
      const open = await db
        .select()
        .from(schema.refunds)
        .where(
          and(
            eq(schema.refunds.companyId, companyId),
            inArray(schema.refunds.status, ['queued', 'pending']),
          ),
        )
        .orderBy(schema.refunds.id);
      if (!open.length) return;
      const r = open[op.k % open.length]!;
      if (r.method === 'online' && op.ok)
        await m.complete.settleRefund(r.id, { state: 'succeeded', providerRefundId: `R${r.id}` });
      else if (r.method === 'online' && !op.ok)
        await m.complete.settleRefund(r.id, { state: 'refused', reason: '渠道拒绝' });
      else await m.complete.markRefundPaidOut(r.id, actor, '');
    } else {
      const used = (await m.wallet.walletOf(companyId)).creditUsed;
      const amountFen = Math.max(1, Math.ceil((used * op.pct) / 100));
      await m.repay.repayCredit(companyId, { amountFen, reference: 'HX' }, actor);
    }
  }

  async function check(): Promise<void> {
    const sums = await m.wallet.ledgerSums(companyId);
    const w = await m.wallet.walletOf(companyId);
    expect(sums).toEqual({ balance: w.balance, credit: w.creditUsed, points: w.points });
    const bills = await db
      .select()
      .from(schema.creditBills)
      .where(eq(schema.creditBills.companyId, companyId));
    for (const b of bills) expect(b.repaid).toBeLessThanOrEqual(b.amount);
    expect(bills.reduce((s, b) => s + b.amount - b.repaid, 0)).toBe(w.creditUsed);
    const over = await ctx.db.execute(sql`
      SELECT p.id FROM payments p JOIN refunds r ON r.payment_id = p.id AND r.status <> 'failed'
      WHERE p.company_id = ${companyId} GROUP BY p.id, p.amount HAVING sum(r.amount) > p.amount`);
    expect((over as unknown as { rows: unknown[] }).rows).toEqual([]);
    const unsettled = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.refunds)
      .where(
        and(
          eq(schema.refunds.companyId, companyId),
          ne(schema.refunds.status, 'succeeded'),
          inArray(schema.refunds.method, ['balance', 'credit']),
        ),
      );
    expect(Number(unsettled[0]!.n)).toBe(0);
  }

  return { run, check, companyId };
}

describe('ledger sums equal the wallet figures', () => {
  it('after any sequence of orders, payments, cancellations, returns, refunds and repayments', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 300_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        fc.array(opArb, { minLength: 4, maxLength: 30, size: 'max' }),
        async (balance, creditLimit, ops) => {
          const w = await world(balance, creditLimit);
          for (const op of ops) {
            try {
              await w.run(op);
            } catch (e) {
              // Refusals (409 insufficient balance, 422 over-refund…) are part of the game.
              if (!m.errors.isDomainError(e)) throw e;
            }
            await w.check();
          }
        },
      ),
      { numRuns: 30, examples: [[1_000_000, 1_000_000, EVERY_PATH]] },
    );
    const refunds = await ctx.db
      .select({ method: ctx.schema.refunds.method, status: ctx.schema.refunds.status })
      .from(ctx.schema.refunds);
    for (const r of refunds) count(`refund:${r.method}:${r.status}`);
    for (const path of [
      'place',
      'pay:balance',
      'pay:credit',
      'pay:online',
      'pay:transfer',
      'cancel',
      'return',
      'partial',
      'settle',
      'repay',
      'refund:balance:succeeded',
      'refund:credit:succeeded',
      'refund:online:succeeded',
      'refund:transfer:succeeded',
    ])
      expect(
        done.get(path) ?? 0,
        `${path} never happened: ${JSON.stringify([...done])}`,
      ).toBeGreaterThan(0);
  }, 300_000);
});

describe('an online refund and the payment provider', () => {
  it('waits for the provider: processing, then paid back once; a refusal leaves it to finance', async () => {
    const w = await world(0, 0);
    await w.run({ t: 'place', units: 2, price: 5_000, discountPct: 0 });
    await w.run({ t: 'pay', i: 0, way: 'online' });
    await w.run({ t: 'place', units: 1, price: 3_000, discountPct: 0 });
    await w.run({ t: 'pay', i: 0, way: 'online' });
    const { db, schema } = ctx;
    const all = await db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.companyId, w.companyId))
      .orderBy(schema.orders.id);
    const made = [];
    for (const order of all)
      made.push(
        ...(await db.transaction(async (tx) => {
          const [locked] = await tx
            .select()
            .from(schema.orders)
            .where(eq(schema.orders.id, order.id))
            .for('update');
          return m.refund.refundOrderPayments(tx, locked!, { reason: '员工取消', actor });
        })),
      );
    expect(made.map((r) => [r.method, r.status])).toEqual([
      ['online', 'queued'],
      ['online', 'queued'],
    ]);
    const [a, b] = made;
    const processing = await m.complete.settleRefund(a!.id, {
      state: 'processing',
      providerRefundId: 'P1',
    });
    expect(processing).toMatchObject({ status: 'processing', providerRefundId: 'P1' });
    const paid = await m.complete.settleRefund(a!.id, {
      state: 'succeeded',
      providerRefundId: 'P1',
    });
    expect(paid.status).toBe('succeeded');
    await expect(
      m.complete.settleRefund(a!.id, { state: 'succeeded', providerRefundId: 'P1' }),
    ).rejects.toThrow('该退款已处理');
    const refused = await m.complete.settleRefund(b!.id, {
      state: 'refused',
      reason: '原交易已关闭',
    });
    expect(refused).toMatchObject({ status: 'queued', lastError: '原交易已关闭' });
    const out = await m.complete.markRefundPaidOut(b!.id, actor, 'ICBC-9');
    expect(out.status).toBe('succeeded');
    await w.check();
    const rows = await db
      .select()
      .from(schema.ledgerEntries)
      .where(
        and(
          eq(schema.ledgerEntries.companyId, w.companyId),
          eq(schema.ledgerEntries.account, 'balance'),
        ),
      )
      .orderBy(schema.ledgerEntries.id);
    expect(rows.map((r) => r.kind).slice(-4)).toEqual([
      'order_refund',
      'refund_out',
      'order_refund',
      'refund_out',
    ]);
    const balanceRefund = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.id, all[0]!.id))
        .for('update');
      return m.refund
        .refundOrderPayments(tx, locked!, { amountFen: 1, reason: '再退', actor })
        .catch((e) => e);
    });
    expect(m.errors.isDomainError(balanceRefund, 'CONFLICT')).toBe(true);
  });
});

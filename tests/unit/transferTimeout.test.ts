// An order whose buyer chose bank transfer waits for finance past the online timeout, up to the
// configured days from when the transfer was chosen; a rejected transfer no longer holds it.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryDb } from '../support/memoryDb.ts';
import { DEFAULT_BANK_TRANSFER } from '#/lib/siteDefaults.ts';

let ctx: Awaited<ReturnType<typeof memoryDb>>;
let sweepExpired: typeof import('#/server/orders/timeout.ts').sweepExpired;
let startTransfer: typeof import('#/server/transfers/start.ts').startTransfer;
let companyId = 0;
let accountId = 0;
let seq = 0;

beforeAll(async () => {
  ctx = await memoryDb();
  ({ sweepExpired } = await import('#/server/orders/timeout.ts'));
  ({ startTransfer } = await import('#/server/transfers/start.ts'));
  ({ companyId, accountId } = await ctx.member());
  await ctx.db
    .insert(ctx.schema.siteSettings)
    .values({ key: 'bank_transfer', value: DEFAULT_BANK_TRANSFER });
}, 120_000);

async function order(): Promise<number> {
  const [o] = await ctx.db
    .insert(ctx.schema.orders)
    .values({
      no: `TT${++seq}`,
      companyId,
      accountId,
      goodsAmount: 1000,
      payableAmount: 1000,
      expiresAt: new Date(Date.now() + 60_000),
      address: { name: '张三', phone: '13800000000', region: '湖北省', address: '武汉' },
    })
    .returning();
  return o!.id;
}

/** Moves the order's online deadline, and the moment its transfer was chosen, into the past. */
async function age(orderId: number, transferDaysAgo: number) {
  const { db, schema } = ctx;
  await db
    .update(schema.orders)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(schema.orders.id, orderId));
  await db
    .update(schema.payments)
    .set({ createdAt: sql`now() - make_interval(days => ${transferDaysAgo})` })
    .where(eq(schema.payments.orderId, orderId));
}

const statusOf = async (id: number) =>
  (await ctx.db.select().from(ctx.schema.orders).where(eq(ctx.schema.orders.id, id)))[0]!.status;

describe('the unpaid sweep and bank transfers', () => {
  it('skips an order awaiting a transfer until the configured days have passed', async () => {
    const plain = await order();
    const waiting = await order();
    const late = await order();
    const refused = await order();
    for (const id of [waiting, late, refused]) await startTransfer(companyId, id);
    await ctx.db
      .update(ctx.schema.payments)
      .set({ status: 'failed' })
      .where(eq(ctx.schema.payments.orderId, refused));
    await age(plain, 0);
    await age(waiting, 2);
    await age(late, 4);
    await age(refused, 0);
    await sweepExpired(true);
    expect(await statusOf(plain)).toBe('cancelled');
    expect(await statusOf(waiting)).toBe('unpaid');
    expect(await statusOf(late)).toBe('cancelled');
    expect(await statusOf(refused)).toBe('cancelled');
  });

  it('reads the wait from the setting', async () => {
    await ctx.db
      .update(ctx.schema.siteSettings)
      .set({ value: { ...DEFAULT_BANK_TRANSFER, wait_days: 1 } })
      .where(eq(ctx.schema.siteSettings.key, 'bank_transfer'));
    const id = await order();
    await startTransfer(companyId, id);
    await age(id, 2);
    await sweepExpired(true);
    expect(await statusOf(id)).toBe('cancelled');
  });

  it('offers no transfer while the shop has no account number', async () => {
    await ctx.db
      .update(ctx.schema.siteSettings)
      .set({ value: { ...DEFAULT_BANK_TRANSFER, account_no: '' } })
      .where(eq(ctx.schema.siteSettings.key, 'bank_transfer'));
    const id = await order();
    await expect(startTransfer(companyId, id)).rejects.toThrow('对公转账暂未开通');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { memoryDb } from '../support/memoryDb.ts';

let env: Awaited<ReturnType<typeof memoryDb>>;
let complete: typeof import('#/server/orders/complete.ts');

beforeAll(async () => {
  env = await memoryDb();
  complete = await import('#/server/orders/complete.ts');
}, 60_000);

const DAY = 24 * 3600_000;

describe('orders complete by themselves days after their last shipment', () => {
  it('completes shipped orders past the configured days once, tells the buyer, and leaves the others', async () => {
    const { db, schema } = env;
    const m = await env.member();
    const order = async (no: string, status: 'shipped' | 'paid', shippedDaysAgo: number | null) => {
      const [o] = await db
        .insert(schema.orders)
        .values({
          no,
          companyId: m.companyId,
          accountId: m.accountId,
          status,
          goodsAmount: 1000,
          payableAmount: 1000,
          expiresAt: new Date(),
          address: { name: '张三', phone: '13800000000', region: '湖北省', address: '珞喻路 1 号' },
          shippedAt: shippedDaysAgo === null ? null : new Date(Date.now() - shippedDaysAgo * DAY),
        })
        .returning({ id: schema.orders.id });
      return o!.id;
    };
    const old = await order('AC-OLD', 'shipped', 11);
    const fresh = await order('AC-FRESH', 'shipped', 3);
    const partly = await order('AC-PAID', 'paid', null);
    expect(await complete.autoCompleteDays()).toBe(10);
    expect(await complete.completeLongShipped()).toBe(1);
    const statuses = async () =>
      Object.fromEntries(
        (
          await db
            .select({ id: schema.orders.id, status: schema.orders.status })
            .from(schema.orders)
            .where(inArray(schema.orders.id, [old, fresh, partly]))
        ).map((r) => [r.id, r.status]),
      );
    expect(await statuses()).toEqual({ [old]: 'completed', [fresh]: 'shipped', [partly]: 'paid' });
    const messages = await db
      .select()
      .from(schema.memberMessages)
      .where(eq(schema.memberMessages.accountId, m.accountId));
    expect(messages.map((x) => x.title)).toEqual(['订单已自动确认收货']);
    expect(messages[0]!.content).toContain('AC-OLD');
    // Idempotent: a second sweep (another process) finds nothing more to do.
    expect(await complete.completeLongShipped()).toBe(0);

    // The shop may shorten the period.
    await db.insert(schema.siteSettings).values({ key: complete.AUTO_COMPLETE_SETTING, value: 2 });
    expect(await complete.autoCompleteDays()).toBe(2);
    expect(await complete.completeLongShipped()).toBe(1);
    expect((await statuses())[fresh]).toBe('completed');
    const [row] = await db.select().from(schema.auditLog).limit(1);
    expect(row).toBeUndefined();
  });
});

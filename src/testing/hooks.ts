// Hooks for the test suites only. Their endpoints (./api, at /api/dev/*) exist only in the test
// build (integrations/testHooks.ts); even there every hook is a 404 unless YAOPI_TEST_HOOKS=1.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import {
  orders,
  sessions,
  shipmentLines,
  shipments,
  smsCodes,
  stockReservations,
  wallets,
} from '#/server/db/schema/index.ts';
import { move } from '#/server/wallet/accounts.ts';
import { conflict, notFound } from '#/server/errors.ts';
import { createHash } from 'node:crypto';
import { invalidate } from '#/server/cache.ts';

export function assertTestHooks(): void {
  if (process.env['YAOPI_TEST_HOOKS'] !== '1') throw notFound('页面不存在');
}

/** The last code sent to a phone (registration and reset tests read it instead of an SMS). */
export async function lastSmsCode(phone: string): Promise<string | null> {
  assertTestHooks();
  const db = await getDb();
  const [row] = await db
    .select({ code: smsCodes.code })
    .from(smsCodes)
    .where(eq(smsCodes.phone, phone))
    .orderBy(desc(smsCodes.id))
    .limit(1);
  return row?.code ?? null;
}

/** Moves a session back in time, to test idle and absolute expiry without waiting. */
export async function ageSession(
  token: string,
  idleSeconds: number,
  ageSeconds: number,
): Promise<void> {
  assertTestHooks();
  const db = await getDb();
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const [aged] = await db
    .update(sessions)
    .set({
      lastSeenAt: sql`now() - make_interval(secs => ${idleSeconds})`,
      createdAt: sql`now() - make_interval(secs => ${ageSeconds})`,
      expiresAt: sql`${sessions.expiresAt} - make_interval(secs => ${ageSeconds})`,
    })
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ accountId: sessions.accountId });
  if (aged) invalidate({ account: aged.accountId });
}

/**
 * Ships a paid order whole from the lots it reserved, as the warehouse would: for tests of what
 * follows shipping (returns, refunds) that do not go through the shipping screen.
 */
export async function shipForTest(orderId: number): Promise<number> {
  assertTestHooks();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!o) throw notFound('订单不存在');
    if (o.status !== 'paid') throw conflict('只能发货已支付的订单');
    const [s] = await tx
      .insert(shipments)
      .values({ orderId, carrier: '测试快递', trackingNo: `T${orderId}` })
      .returning({ id: shipments.id });
    const lots = await tx
      .select()
      .from(stockReservations)
      .where(and(eq(stockReservations.orderId, orderId), isNull(stockReservations.releasedAt)));
    for (const r of lots)
      await tx.insert(shipmentLines).values({
        shipmentId: s!.id,
        orderLineId: r.orderLineId,
        lotId: r.lotId,
        batchNo: r.batchNo,
        expiresOn: r.expiresOn,
        number: r.number,
      });
    await tx
      .update(orders)
      .set({ status: 'shipped', shippedAt: new Date(), trackingNo: `T${orderId}` })
      .where(eq(orders.id, orderId));
    return s!.id;
  });
}

/** Opens a store's wallet for a test: a starting balance (through the ledger) and a credit limit. */
export async function fundForTest(
  companyId: number,
  balanceFen: number,
  creditLimitFen: number,
): Promise<void> {
  assertTestHooks();
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.insert(wallets).values({ companyId }).onConflictDoNothing();
    await tx
      .update(wallets)
      .set({ creditLimit: creditLimitFen })
      .where(eq(wallets.companyId, companyId));
    if (balanceFen > 0)
      await move(tx, companyId, 'balance', balanceFen, 'opening', null, '测试资金');
  });
}

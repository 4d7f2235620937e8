// Finance's list of refunds: those waiting to be paid out (bank-transfer refunds, and online ones
// the provider has not taken) oldest first, or any state newest first.
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { companies, orders, refunds } from '#/server/db/schema/index.ts';
import type { RefundRow } from './model.ts';

export type RefundQueueState = 'waiting' | RefundRow['status'];

export async function refundQueue(f: {
  state: RefundQueueState | null;
  page: number;
  perPage: number;
}) {
  const db = await getDb();
  const where =
    f.state === 'waiting'
      ? or(
          and(eq(refunds.method, 'transfer'), eq(refunds.status, 'pending')),
          and(eq(refunds.method, 'online'), inArray(refunds.status, ['queued'])),
        )
      : f.state
        ? eq(refunds.status, f.state)
        : undefined;
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(refunds).where(where);
  const rows = await db
    .select({ refund: refunds, orderNo: orders.no, company: companies.name })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(companies, eq(companies.id, refunds.companyId))
    .where(where)
    .orderBy(f.state === 'waiting' ? asc(refunds.id) : desc(refunds.id))
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage);
  return { rows, total: Number(count?.n ?? 0), page: f.page, perPage: f.perPage };
}

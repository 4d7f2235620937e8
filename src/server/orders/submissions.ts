// The client's submission key makes placing an order idempotent: the first request claims the
// key inside the order transaction; a twin (concurrent or later) answers the same order ids.
import { and, eq } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { orderSubmissions } from '#/server/db/schema/index.ts';

/** Thrown inside the transaction when a twin holds the key: roll back and answer its orders. */
export class Replay extends Error {}

/** Claims the key (a concurrent twin waits here on the unique index); null when already taken. */
export async function claimKey(tx: Tx, companyId: number, key: string): Promise<number | null> {
  const claimed = await tx
    .insert(orderSubmissions)
    .values({ companyId, key, orderIds: [] })
    .onConflictDoNothing()
    .returning({ id: orderSubmissions.id });
  return claimed[0]?.id ?? null;
}

export async function settleKey(tx: Tx, submissionId: number, orderIds: number[]): Promise<void> {
  await tx.update(orderSubmissions).set({ orderIds }).where(eq(orderSubmissions.id, submissionId));
}

/** The orders a settled key made, or null. */
export async function findSubmission(companyId: number, key: string): Promise<number[] | null> {
  const db = await getDb();
  const [s] = await db
    .select({ ids: orderSubmissions.orderIds })
    .from(orderSubmissions)
    .where(and(eq(orderSubmissions.companyId, companyId), eq(orderSubmissions.key, key)))
    .limit(1);
  return s && s.ids.length > 0 ? s.ids : null;
}

export function isUniqueViolation(e: unknown): boolean {
  const code =
    (e as { code?: string; cause?: { code?: string } })?.code ??
    (e as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

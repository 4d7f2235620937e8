// The return / after-sales requests of an order and what they ask back.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { returnLines, returnRequests } from '#/server/db/schema/index.ts';

export type ReturnRecord = {
  request: typeof returnRequests.$inferSelect;
  lines: (typeof returnLines.$inferSelect)[];
};

export async function returnsOf(
  companyId: number,
  orderId: number,
  q: Tx | null = null,
): Promise<ReturnRecord[]> {
  const db = q ?? (await getDb());
  const reqs = await db
    .select()
    .from(returnRequests)
    .where(and(eq(returnRequests.orderId, orderId), eq(returnRequests.companyId, companyId)))
    .orderBy(asc(returnRequests.id));
  const lines = reqs.length
    ? await db
        .select()
        .from(returnLines)
        .where(
          inArray(
            returnLines.returnId,
            reqs.map((r) => r.id),
          ),
        )
    : [];
  return reqs.map((request) => ({
    request,
    lines: lines.filter((x) => x.returnId === request.id),
  }));
}

/** Units of an order line asked back by requests that were not rejected (as approved, once decided). */
export function returnedUnits(records: readonly ReturnRecord[], orderLineId: number): number {
  return records
    .filter((r) => r.request.status !== 'rejected')
    .flatMap((r) => r.lines)
    .filter((x) => x.orderLineId === orderLineId)
    .reduce((s, x) => s + (x.approvedNumber ?? x.number), 0);
}

// One return request with its lines, locked for a decision, a receipt or a refund.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '#/server/db/client.ts';
import { orderLines, returnLines, returnRequests } from '#/server/db/schema/index.ts';
import { conflict, notFound } from '#/server/errors.ts';

export type ReturnRow = typeof returnRequests.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect;
export type ReturnStatus = ReturnRow['status'];
export type ReturnLineWithOrderLine = {
  line: ReturnLineRow;
  orderLine: typeof orderLines.$inferSelect;
};

export const KIND_LABEL = { return: '退货', after_sales: '售后' } as const;

/** Locks the request (FOR UPDATE) and checks it is in `status`; another state is a 409. */
export async function lockReturn(
  tx: Tx,
  id: number,
  status: ReturnStatus,
): Promise<{ request: ReturnRow; lines: ReturnLineWithOrderLine[] }> {
  const [request] = await tx
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.id, id))
    .limit(1)
    .for('update');
  if (!request) throw notFound('售后申请不存在');
  if (request.status !== status) throw conflict(wrongState(request.status, status));
  const lines = await tx
    .select({ line: returnLines, orderLine: orderLines })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(eq(returnLines.returnId, id))
    .orderBy(asc(returnLines.id));
  return { request, lines };
}

/** Why a request in `actual` cannot take the step that needs `wanted`. */
function wrongState(actual: ReturnStatus, wanted: ReturnStatus): string {
  if (actual === 'rejected') return '该申请已拒绝';
  if (actual === 'refunded') return '该申请已退款';
  if (wanted === 'pending') return '该申请已审核';
  if (wanted === 'approved')
    return actual === 'pending' ? '该申请尚未审核同意，不能收货' : '该申请已收货';
  return '该申请尚未收货，不能退款';
}

export async function setStatus(tx: Tx, id: number, patch: Partial<ReturnRow>): Promise<void> {
  await tx.update(returnRequests).set(patch).where(eq(returnRequests.id, id));
}

/**
 * Units of an order line that the line's other requests in `statuses` took back: those received
 * into stock, or (`writtenOffToo`) also those written off.
 */
export async function unitsInOtherReturns(
  q: Db | Tx,
  returnId: number,
  orderLineId: number,
  statuses: ReturnStatus[],
  writtenOffToo: boolean,
): Promise<number> {
  const units = writtenOffToo
    ? sql`${returnLines.receivedNumber} + ${returnLines.writtenOffNumber}`
    : sql`${returnLines.receivedNumber}`;
  const [r] = await q
    .select({ n: sql<number>`coalesce(sum(${units}), 0)::int` })
    .from(returnLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnLines.returnId))
    .where(
      and(
        eq(returnLines.orderLineId, orderLineId),
        ne(returnLines.returnId, returnId),
        inArray(returnRequests.status, statuses),
      ),
    );
  return Number(r?.n ?? 0);
}

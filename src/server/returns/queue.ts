// The back office's queue of return and after-sales requests: work states oldest first, closed
// ones newest first, with the order, the store, the lines, the photos and the refunds.
import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import {
  companies,
  orderLines,
  orders,
  refunds,
  returnLines,
  returnRequests,
} from '#/server/db/schema/index.ts';
import type { RefundRow } from '#/server/refunds/model.ts';
import type { ReturnLineWithOrderLine, ReturnRow, ReturnStatus } from './load.ts';
import { returnRefundLines } from './refund.ts';

export interface ReturnCase {
  request: ReturnRow;
  order: { id: number; no: string; status: string; payMethod: string | null };
  company: { id: number; name: string };
  lines: ReturnLineWithOrderLine[];
  refunds: RefundRow[];
  /** received, not yet refunded: what the refund will be, per return line */
  refundDue: { lineId: number; units: number; fen: number }[];
}

const WORK: readonly ReturnStatus[] = ['pending', 'approved', 'received'];

export async function returnQueue(f: {
  status: ReturnStatus | null;
  page: number;
  perPage: number;
}) {
  const db = await getDb();
  const where = f.status ? eq(returnRequests.status, f.status) : undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(returnRequests)
    .where(where);
  const rows = await casesWhere(
    where,
    f.status && WORK.includes(f.status) ? asc(returnRequests.id) : desc(returnRequests.id),
    f.perPage,
    (f.page - 1) * f.perPage,
  );
  return { rows, total: Number(count?.n ?? 0), page: f.page, perPage: f.perPage };
}

/** One request as the queue shows it. */
export async function returnCase(id: number): Promise<ReturnCase | undefined> {
  const [c] = await casesWhere(eq(returnRequests.id, id), asc(returnRequests.id), 1, 0);
  return c;
}

async function casesWhere(
  where: SQL | undefined,
  order: SQL,
  limit: number,
  offset: number,
): Promise<ReturnCase[]> {
  const db = await getDb();
  const rows = await db
    .select({ request: returnRequests, order: orders, company: companies })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .innerJoin(companies, eq(companies.id, returnRequests.companyId))
    .where(where)
    .orderBy(order)
    .limit(limit)
    .offset(offset);
  const ids = rows.map((r) => r.request.id);
  const lines = ids.length
    ? await db
        .select({ line: returnLines, orderLine: orderLines })
        .from(returnLines)
        .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
        .where(inArray(returnLines.returnId, ids))
        .orderBy(asc(returnLines.id))
    : [];
  const paid = ids.length
    ? await db.select().from(refunds).where(inArray(refunds.returnId, ids)).orderBy(asc(refunds.id))
    : [];
  const cases: ReturnCase[] = [];
  for (const r of rows) {
    const own = lines.filter((l) => l.line.returnId === r.request.id);
    cases.push({
      request: r.request,
      order: {
        id: r.order.id,
        no: r.order.no,
        status: r.order.status,
        payMethod: r.order.payMethod,
      },
      company: { id: r.company.id, name: r.company.name },
      lines: own,
      refunds: paid.filter((p) => p.returnId === r.request.id),
      refundDue:
        r.request.status === 'received' ? await returnRefundLines(db, r.request.id, own) : [],
    });
  }
  return cases;
}

/** A request's order and store, for serving its photos to staff. */
export async function returnOwner(id: number) {
  const db = await getDb();
  const [r] = await db
    .select({ orderId: returnRequests.orderId, companyId: returnRequests.companyId })
    .from(returnRequests)
    .where(eq(returnRequests.id, id))
    .limit(1);
  return r;
}

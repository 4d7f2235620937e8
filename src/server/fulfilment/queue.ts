// The staff order queue: orders of every store by state, searched by order no, store or goods
// name, within a date range. Work tabs (to ship, to be paid) show the oldest first.
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { shopDayBounds } from '#/lib/shopClock.ts';
import { getDb } from '#/server/db/client.ts';
import { bigramFilter, containsPattern, searchedColumn } from '#/server/db/rows.ts';
import { companies, orders, shipments, type OrderStatus } from '#/server/db/schema/index.ts';
import { sweepExpired } from '#/server/orders/timeout.ts';
import type { OrderLineRow, OrderRow } from '#/server/orders/model.ts';
import { linesOf } from '#/server/orders/rows.ts';

/** The queue's tabs in the order they are shown; `oldestFirst` marks the work queues. */
export const STAFF_ORDER_TABS: Record<
  string,
  { statuses: OrderStatus[] | null; oldestFirst: boolean }
> = {
  paid: { statuses: ['paid'], oldestFirst: true },
  unpaid: { statuses: ['unpaid'], oldestFirst: true },
  shipped: { statuses: ['shipped'], oldestFirst: false },
  completed: { statuses: ['completed'], oldestFirst: false },
  cancelled: { statuses: ['cancelled'], oldestFirst: false },
  all: { statuses: null, oldestFirst: false },
};

export const STAFF_ORDERS_PER_PAGE = 30;

export type QueueRow = {
  order: OrderRow;
  companyName: string;
  lines: OrderLineRow[];
  shipmentCount: number;
};

export type OrderQueue = {
  rows: QueueRow[];
  total: number;
  page: number;
  perPage: number;
  /** orders per status within the same search and dates */
  counts: Record<OrderStatus, number>;
};

/**
 * Orders with a line whose goods name contains `text`. A text of two characters or more is looked
 * up in the lines' bigram or trigram index and its orders read once: as an EXISTS per order, the
 * newest-first page walked every order's lines when few or none matched (0.8 s at 19,000 orders of
 * 40 lines; 0.1 s this way). One character has no index, and reading every line once cost more
 * (1.8 s) than walking orders until a page of them matched (1 s).
 */
function linesNamed(text: string, like: string): SQL {
  const name = sql.raw('ol.name');
  const named = sql`${searchedColumn(name, text)} ILIKE ${like}`;
  return [...text].length < 2
    ? sql`EXISTS (SELECT 1 FROM order_lines ol WHERE ol.order_id = ${orders.id} AND ${named})`
    : sql`${orders.id} IN (SELECT ol.order_id FROM order_lines ol WHERE ${and(bigramFilter([name], text), named)})`;
}

/** The desk's search and dates as conditions on orders joined with their company (also the export's). */
export function orderSearch(f: {
  q: string;
  from?: string | undefined;
  to?: string | undefined;
}): SQL[] {
  const where: SQL[] = [];
  if (f.q) {
    const like = containsPattern(f.q);
    where.push(or(ilike(orders.no, like), ilike(companies.name, like), linesNamed(f.q, like))!);
  }
  if (f.from) where.push(gte(orders.createdAt, shopDayBounds(f.from).start));
  if (f.to) where.push(lt(orders.createdAt, shopDayBounds(f.to).end));
  return where;
}

/** How many orders of each status match the desk's search (its tabs show them). */
export async function orderCounts(search: SQL[] = []): Promise<OrderQueue['counts']> {
  const db = await getDb();
  const byStatus = await db
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(and(...search))
    .groupBy(orders.status);
  const counts = { unpaid: 0, paid: 0, shipped: 0, completed: 0, cancelled: 0 };
  for (const c of byStatus) counts[c.status] = Number(c.n);
  return counts;
}

export async function listStaffOrders(f: {
  status: string;
  q: string;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}): Promise<OrderQueue> {
  await sweepExpired();
  const db = await getDb();
  const tab = STAFF_ORDER_TABS[f.status] ?? STAFF_ORDER_TABS['paid']!;
  const search = orderSearch(f);
  const where = and(...search, tab.statuses ? inArray(orders.status, tab.statuses) : undefined);
  const perPage = STAFF_ORDERS_PER_PAGE;
  const counts = await orderCounts(search);
  const total = tab.statuses
    ? tab.statuses.reduce((s, st) => s + counts[st], 0)
    : Object.values(counts).reduce((s, n) => s + n, 0);
  const since = f.status === 'paid' ? orders.paidAt : orders.createdAt;
  const found = await db
    .select({ order: orders, companyName: companies.name })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(where)
    .orderBy(
      ...(tab.oldestFirst
        ? [asc(since), asc(orders.id)]
        : [desc(orders.createdAt), desc(orders.id)]),
    )
    .limit(perPage)
    .offset((f.page - 1) * perPage);
  const ids = found.map((r) => r.order.id);
  const lines = await linesOf(db, ids);
  const sent = ids.length
    ? await db
        .select({ orderId: shipments.orderId, n: sql<number>`count(*)::int` })
        .from(shipments)
        .where(inArray(shipments.orderId, ids))
        .groupBy(shipments.orderId)
    : [];
  return {
    rows: found.map((r) => ({
      order: r.order,
      companyName: r.companyName,
      lines: lines.filter((l) => l.orderId === r.order.id),
      shipmentCount: Number(sent.find((s) => s.orderId === r.order.id)?.n ?? 0),
    })),
    total,
    page: f.page,
    perPage,
    counts,
  };
}

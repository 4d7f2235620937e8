// Orders with their lines for the wholesaler's ERP and for accounting: the order desk's filters
// (status tab, search, dates), every matching order, capped so one download stays a download.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { companies, goods, orderLines, orders } from '#/server/db/schema/index.ts';
import { tooLarge } from '#/server/errors.ts';
import { orderSearch, STAFF_ORDER_TABS } from '#/server/fulfilment/queue.ts';

export const ORDER_EXPORT_MAX = 20_000;

export interface OrderExportFilter {
  status: string;
  q: string;
  from?: string | undefined;
  to?: string | undefined;
}

function whereOf(f: OrderExportFilter) {
  const tab = STAFF_ORDER_TABS[f.status] ?? STAFF_ORDER_TABS['paid']!;
  return and(...orderSearch(f), tab.statuses ? inArray(orders.status, tab.statuses) : undefined);
}

export async function ordersForExport(f: OrderExportFilter) {
  const db = await getDb();
  const where = whereOf(f);
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(where);
  if (Number(n?.n ?? 0) > ORDER_EXPORT_MAX)
    throw tooLarge(`符合条件的订单超过${ORDER_EXPORT_MAX}单，请缩小日期范围后再导出`);
  const [list, lines] = await Promise.all([
    db
      .select({ order: orders, companyName: companies.name })
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .where(where)
      .orderBy(asc(orders.createdAt), asc(orders.id)),
    db
      .select({
        line: orderLines,
        orderNo: orders.no,
        goodsCode: goods.code,
        approvalNo: goods.approvalNo,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .innerJoin(goods, eq(goods.id, orderLines.goodsId))
      .where(where)
      .orderBy(asc(orders.createdAt), asc(orders.id), asc(orderLines.id)),
  ]);
  return { orders: list, lines };
}
export type OrderExport = Awaited<ReturnType<typeof ordersForExport>>;

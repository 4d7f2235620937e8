// The member centre's order numbers per tab.
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { orders, returnRequests, type OrderStatus } from '#/server/db/schema/index.ts';

export interface OrderCounts {
  /** 待付款 */ unpaid: number;
  /** 待发货 */ unshipped: number;
  /** 待收货 */ shipped: number;
  /** 已完成 */ done: number;
  /** 退货/售后 */ after_sale: number;
}

/**
 * Orders of the company per member-centre tab: 待付款 (unpaid, not yet timed out), 待发货 (paid),
 * 待收货 (shipped), 已完成, and 退货/售后 = return requests still open (pending or approved).
 */
export async function orderCounts(companyId: number): Promise<OrderCounts> {
  const db = await getDb();
  const byStatus = await db
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        or(sql`${orders.status} <> 'unpaid'`, gt(orders.expiresAt, new Date())),
      ),
    )
    .groupBy(orders.status);
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(returnRequests)
    .where(
      and(
        eq(returnRequests.companyId, companyId),
        inArray(returnRequests.status, ['pending', 'approved']),
      ),
    );
  const n = (s: OrderStatus) => Number(byStatus.find((r) => r.status === s)?.n ?? 0);
  return {
    unpaid: n('unpaid'),
    unshipped: n('paid'),
    shipped: n('shipped'),
    done: n('completed'),
    after_sale: Number(open?.n ?? 0),
  };
}

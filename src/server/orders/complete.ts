// A shipped order completes when the buyer confirms receipt, or by itself some days after its last
// shipment (site setting `order.auto_complete_days`, default 10).
import { and, eq, lt } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { orders, siteSettings } from '#/server/db/schema/index.ts';
import { conflict } from '#/server/errors.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { ownOrder } from './own.ts';
import { orderInfo } from './views.ts';

export const AUTO_COMPLETE_SETTING = 'order.auto_complete_days';
export const AUTO_COMPLETE_DAYS_DEFAULT = 10;
const DAY_MS = 24 * 3600 * 1000;

/** The buyer confirms receipt (确认收货) of a shipped order. */
export async function confirmReceipt(companyId: number, id: number) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const o = await ownOrder(companyId, id, tx);
    if (o.status === 'completed') throw conflict('订单已确认收货');
    if (o.status !== 'shipped') throw conflict('订单尚未全部发货，暂不能确认收货');
    await tx
      .update(orders)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(orders.id, id));
  });
  return orderInfo(companyId, id);
}

/** Days after the last shipment an order completes by itself; a missing or odd setting means the default. */
export async function autoCompleteDays(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, AUTO_COMPLETE_SETTING))
    .limit(1);
  const days = Number(row?.value);
  return Number.isInteger(days) && days >= 1 && days <= 365 ? days : AUTO_COMPLETE_DAYS_DEFAULT;
}

/**
 * Completes every order shipped more than the configured days ago, telling each buyer. Safe to
 * run from several processes at once: the UPDATE … WHERE status = 'shipped' hands each order to
 * one of them. System work: no audit row (no staff acted).
 */
export async function completeLongShipped(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - (await autoCompleteDays()) * DAY_MS);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const done = await tx
      .update(orders)
      .set({ status: 'completed', completedAt: now })
      .where(and(eq(orders.status, 'shipped'), lt(orders.shippedAt, cutoff)))
      .returning({ id: orders.id, no: orders.no, companyId: orders.companyId });
    for (const o of done)
      await notifyCompany(tx, o.companyId, {
        title: '订单已自动确认收货',
        content: `您的订单${o.no}发货已满期限，系统已自动确认收货。如有问题请在订单详情中申请售后。`,
      });
    return done.length;
  });
}

// The unpaid-order timeout: past UNPAID_ORDER_TIMEOUT_MIN an unpaid order is cancelled and its
// stock released, unless the buyer chose bank transfer: that order waits for finance up to the
// configured days from when the transfer was chosen (transfers/settings.ts).
import { and, eq, lt, sql } from 'drizzle-orm';
import { orders } from '#/server/db/schema/index.ts';
import { bankTransferSettings } from '#/server/transfers/settings.ts';
import { untallyCancelled } from '#/server/reports/tally.ts';
import { releaseStock, stockTransaction } from './stock.ts';

let lastSweep = 0;

/**
 * Cancels unpaid orders past their deadline and releases their stock (at most every 15 s unless
 * forced). Safe with several processes: the status UPDATE … WHERE status = 'unpaid' hands each
 * order to one of them.
 */
export async function sweepExpired(force = false): Promise<number> {
  const now = Date.now();
  if (!force && now - lastSweep < 15_000) return 0;
  lastSweep = now;
  return stockTransaction(async (tx, touched) => {
    const { wait_days: waitDays } = await bankTransferSettings(tx);
    const gone = await tx
      .update(orders)
      .set({
        status: 'cancelled',
        cancelledAt: new Date(),
        cancelReason: '超时未支付，系统自动取消',
      })
      .where(
        and(
          eq(orders.status, 'unpaid'),
          lt(orders.expiresAt, new Date()),
          sql`NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = ${orders.id}
            AND p.method = 'transfer' AND p.status = 'pending'
            AND p.created_at > now() - make_interval(days => ${waitDays}))`,
        ),
      )
      .returning({ id: orders.id });
    const ids = gone.map((g) => g.id);
    await releaseStock(tx, touched, ids);
    await untallyCancelled(tx, ids);
    return gone.length;
  });
}

// The buyer cancels an unpaid order: its stock and coupons come back.
import { eq } from 'drizzle-orm';
import { orders } from '#/server/db/schema/index.ts';
import { conflict } from '#/server/errors.ts';
import { ownOrder } from './own.ts';
import { releaseStock, stockTransaction } from './stock.ts';
import { orderInfo } from './views.ts';
import { untallyCancelled } from '#/server/reports/tally.ts';

export async function cancelOrder(companyId: number, id: number) {
  await stockTransaction(async (tx, touched) => {
    const o = await ownOrder(companyId, id, tx);
    if (o.status !== 'unpaid') throw conflict('只能取消待付款的订单');
    await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: '买家取消' })
      .where(eq(orders.id, id));
    await releaseStock(tx, touched, [id]);
    await untallyCancelled(tx, [id]);
  });
  return orderInfo(companyId, id);
}

// What an order's promotions owe back when its money goes back: the points it earned (through
// the points ledger) and, for a whole refund, the coupons it used while they are still valid.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#/server/db/client.ts';
import { coupons, ledgerEntries, wallets } from '#/server/db/schema/index.ts';
import { move } from '#/server/wallet/accounts.ts';
import type { OrderRow } from '#/server/orders/model.ts';

/** Points an order keeps: 1 per whole yuan still paid, as markPaid awarded them. */
export const pointsFor = (paidFen: number) => Math.floor(Math.max(0, paidFen) / 100);

/**
 * Takes back the points the order earned beyond what its remaining paid amount earns, as far as
 * the store still holds them (points already spent are not clawed below zero; a later refund
 * tries again). Answers the points taken.
 */
export async function takeBackPoints(
  tx: Tx,
  order: OrderRow,
  refundedFen: number,
): Promise<number> {
  const rows = await tx
    .select({
      kind: ledgerEntries.kind,
      sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.companyId, order.companyId),
        eq(ledgerEntries.orderId, order.id),
        eq(ledgerEntries.account, 'points'),
        inArray(ledgerEntries.kind, ['order_points', 'points_refund']),
      ),
    )
    .groupBy(ledgerEntries.kind);
  const net = rows.reduce((s, r) => s + Number(r.sum), 0);
  const due = net - pointsFor(order.payableAmount - refundedFen);
  if (due <= 0) return 0;
  const [w] = await tx
    .select({ points: wallets.points })
    .from(wallets)
    .where(eq(wallets.companyId, order.companyId))
    .for('update');
  const take = Math.min(due, w?.points ?? 0);
  if (take === 0) return 0;
  await move(
    tx,
    order.companyId,
    'points',
    -take,
    'points_refund',
    order.id,
    `订单${order.no}退款扣回积分`,
  );
  return take;
}

/** A wholly refunded order gives back its coupon and cash voucher while they are still valid. */
export async function restoreCoupons(tx: Tx, order: OrderRow): Promise<string[]> {
  const back = await tx
    .update(coupons)
    .set({ usedOrderId: null, usedAt: null })
    .where(and(eq(coupons.usedOrderId, order.id), gt(coupons.endsAt, new Date())))
    .returning({ name: coupons.name });
  return back.map((c) => c.name);
}

// A refund of an order paid on credit terms (账期): it lowers the credit used and the bill the
// order joined, never below what was repaid on it. What the store already repaid of that bill
// came from its own money, so that part goes back to its balance.
import { and, eq } from 'drizzle-orm';
import type { Tx } from '#/server/db/client.ts';
import { creditBills, wallets } from '#/server/db/schema/index.ts';
import type { OrderRow } from '#/server/orders/model.ts';
import { move } from '#/server/wallet/accounts.ts';
import { billPeriodOf } from '#/server/wallet/credit.ts';

/** Answers how much came off the credit used; the caller refunds the rest to the balance. */
export async function refundToCredit(tx: Tx, order: OrderRow, amountFen: number): Promise<number> {
  const [w] = await tx
    .select({ creditUsed: wallets.creditUsed })
    .from(wallets)
    .where(eq(wallets.companyId, order.companyId))
    .for('update');
  const [bill] = await tx
    .select()
    .from(creditBills)
    .where(
      and(
        eq(creditBills.companyId, order.companyId),
        eq(creditBills.period, billPeriodOf(order.paidAt ?? order.createdAt)),
      ),
    )
    .limit(1)
    .for('update');
  const fromCredit = bill ? Math.min(amountFen, bill.amount - bill.repaid, w?.creditUsed ?? 0) : 0;
  if (fromCredit <= 0) return 0;
  await tx
    .update(creditBills)
    .set({ amount: bill!.amount - fromCredit })
    .where(eq(creditBills.id, bill!.id));
  await move(
    tx,
    order.companyId,
    'credit',
    -fromCredit,
    'order_refund',
    order.id,
    `订单${order.no}退款，冲减${bill!.period}账单`,
  );
  return fromCredit;
}

// Credit terms (账期): the monthly bills and whether an overdue one blocks new credit orders.
// Bills run on the shop's calendar (Beijing time, lib/shopClock): an order paid at 01:00 on the
// 1st belongs to the new month's bill, and a bill due on the 10th is overdue from midnight after
// it, not from 08:00 when the UTC date turns.
import { and, desc, eq } from 'drizzle-orm';
import { shopDay, shopMonth } from '#/lib/shopClock.ts';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { creditBills } from '#/server/db/schema/index.ts';
import { walletOf } from './accounts.ts';

export type CreditBill = typeof creditBills.$inferSelect;
export type BillState = 'repaid' | 'overdue' | 'open';

/** The day due dates are compared with: the shop's today. */
export const billToday = (now = new Date()) => shopDay(now);

/** A bill is overdue once its due date has passed while it is not fully repaid. */
export function billState(
  b: Pick<CreditBill, 'amount' | 'repaid' | 'dueOn'>,
  today = billToday(),
): BillState {
  if (b.repaid >= b.amount) return 'repaid';
  return b.dueOn < today ? 'overdue' : 'open';
}

/** What a bill's state reads as to the buyer and to finance. */
export const BILL_STATE_TEXT: Record<BillState, string> = {
  repaid: '已还清',
  overdue: '已逾期',
  open: '待还款',
};

/** The bill an order paid on credit at `paidAt` joins: the shop's month it was paid in. */
export const billPeriodOf = (paidAt: Date) => shopMonth(paidAt);

/** What a store can repay: its open bills, as far as its credit is used. */
export const owedOn = (usedFen: number, bills: Pick<CreditBill, 'amount' | 'repaid'>[]) =>
  Math.min(
    usedFen,
    bills.reduce((s, b) => s + Math.max(0, b.amount - b.repaid), 0),
  );

/** Overdue: a bill past its due date not fully repaid blocks new credit orders. */
export async function creditStatus(companyId: number, q: Db | Tx | null = null) {
  const db = q ?? (await getDb());
  const w = await walletOf(companyId, db);
  const today = billToday();
  const bills = await db
    .select()
    .from(creditBills)
    .where(eq(creditBills.companyId, companyId))
    .orderBy(desc(creditBills.dueOn));
  const overdue = bills.filter((b) => billState(b, today) === 'overdue');
  return {
    limitFen: w.creditLimit,
    usedFen: w.creditUsed,
    availableFen: Math.max(0, w.creditLimit - w.creditUsed),
    owedFen: owedOn(w.creditUsed, bills),
    billDay: w.billDay,
    overdue: overdue.length > 0,
    overdueFen: overdue.reduce((s, b) => s + b.amount - b.repaid, 0),
    bills,
  };
}

/**
 * When the bill of an order paid at `paidAt` is due: the store's bill day (1–28) of the month
 * after the shop's month of payment, else that next month's last day.
 */
export function creditBillDue(paidAt: Date, billDay: number | null): string {
  const period = billPeriodOf(paidAt);
  const [y, m] = [Number(period.slice(0, 4)), Number(period.slice(5, 7)) - 1];
  return new Date(billDay ? Date.UTC(y, m + 1, billDay) : Date.UTC(y, m + 2, 0))
    .toISOString()
    .slice(0, 10);
}

/** Adds an order paid at `paidAt` to its month's credit bill (due as creditBillDue says). */
export async function addToCreditBill(
  tx: Tx,
  companyId: number,
  amount: number,
  paidAt: Date,
): Promise<void> {
  const period = billPeriodOf(paidAt);
  const due = creditBillDue(paidAt, (await walletOf(companyId, tx)).billDay);
  const [bill] = await tx
    .select()
    .from(creditBills)
    .where(and(eq(creditBills.companyId, companyId), eq(creditBills.period, period)))
    .limit(1)
    .for('update');
  if (bill)
    await tx
      .update(creditBills)
      .set({ amount: bill.amount + amount })
      .where(eq(creditBills.id, bill.id));
  else await tx.insert(creditBills).values({ companyId, period, amount, dueOn: due });
}

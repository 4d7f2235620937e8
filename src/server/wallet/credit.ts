// Credit terms (账期): the monthly bills and whether an overdue one blocks new credit orders.
import { and, desc, eq } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { creditBills } from '#/server/db/schema/index.ts';
import { walletOf } from './accounts.ts';

export type CreditBill = typeof creditBills.$inferSelect;
export type BillState = 'repaid' | 'overdue' | 'open';

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A bill is overdue once its due date has passed while it is not fully repaid. */
export function billState(b: CreditBill, today = todayUtc()): BillState {
  if (b.repaid >= b.amount) return 'repaid';
  return b.dueOn < today ? 'overdue' : 'open';
}

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
  const today = todayUtc();
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

/** When a period's bill is due: the store's bill day of the next month, else that month's last day. */
export function creditBillDue(now: Date, billDay: number | null): string {
  const [y, m] = [now.getUTCFullYear(), now.getUTCMonth()];
  return new Date(billDay ? Date.UTC(y, m + 1, billDay) : Date.UTC(y, m + 2, 0))
    .toISOString()
    .slice(0, 10);
}

/** Adds the order amount to this month's credit bill (due as creditBillDue says). */
export async function addToCreditBill(tx: Tx, companyId: number, amount: number): Promise<void> {
  const now = new Date();
  const period = now.toISOString().slice(0, 7);
  const due = creditBillDue(now, (await walletOf(companyId, tx)).billDay);
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

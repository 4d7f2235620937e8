// Credit terms on the wire for finance.
import { fenToYuan } from '#/lib/money.ts';
import { BILL_STATE_TEXT, billState, billToday } from '#/server/wallet/credit.ts';
import { isOverdue, type BillRow, type CreditAccount } from './accounts.ts';

export function presentBill(b: BillRow, today = billToday()) {
  const status = billState(b, today);
  return {
    id: b.id,
    period: b.period,
    amount: fenToYuan(b.amount),
    repaid: fenToYuan(b.repaid),
    due_on: b.dueOn,
    status,
    status_text: BILL_STATE_TEXT[status],
  };
}

export function presentCreditAccount(a: CreditAccount) {
  const today = billToday();
  return {
    company: a.company,
    limit: fenToYuan(a.limitFen),
    used: fenToYuan(a.usedFen),
    overdue: a.bills.some((b) => isOverdue(b, today)),
    bills: a.bills.map((b) => presentBill(b, today)),
  };
}

// Credit terms on the wire for finance.
import { fenToYuan } from '#/lib/money.ts';
import { billToday, isOverdue, type BillRow, type CreditAccount } from './accounts.ts';

export function presentBill(b: BillRow, today = billToday()) {
  const status = b.repaid >= b.amount ? 'repaid' : isOverdue(b, today) ? 'overdue' : 'open';
  return {
    id: b.id,
    period: b.period,
    amount: fenToYuan(b.amount),
    repaid: fenToYuan(b.repaid),
    due_on: b.dueOn,
    status,
    status_text: { repaid: '已还清', overdue: '已逾期', open: '待还款' }[status],
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

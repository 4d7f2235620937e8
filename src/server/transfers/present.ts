// Bank transfers on the wire: what the buyer needs to transfer, and finance's queue.
import { fenToYuan } from '#/lib/money.ts';
import { shopIso } from '#/lib/shopClock.ts';
import type { BankTransferSettings } from '#/lib/siteDefaults.ts';
import type { TransferCase } from './queue.ts';
import { transferDeadline } from './settings.ts';
import type { TransferRow } from './start.ts';

export const TRANSFER_STATUS_LABEL = {
  pending: '等待财务确认',
  succeeded: '已确认到账',
  failed: '已驳回',
} as const;

/** What the buyer writes on the transfer and where to: the pay page's 对公转账 panel. */
export function presentTransfer(t: TransferRow, s: BankTransferSettings) {
  return {
    payment_id: t.id,
    reference: t.reference ?? '',
    amount: fenToYuan(t.amount),
    status: t.status,
    status_text: TRANSFER_STATUS_LABEL[t.status],
    created_at: shopIso(t.createdAt),
    deadline: shopIso(transferDeadline(t.createdAt, s.wait_days)),
    bank: { account_name: s.account_name, bank_name: s.bank_name, account_no: s.account_no },
  };
}

export function presentTransferCase(c: TransferCase) {
  const t = c.payment;
  return {
    id: t.id,
    reference: t.reference,
    amount: fenToYuan(t.amount),
    status: t.status,
    status_text: TRANSFER_STATUS_LABEL[t.status],
    note: t.note,
    created_at: shopIso(t.createdAt),
    paid_at: shopIso(t.paidAt),
    deadline: shopIso(transferDeadline(t.createdAt, c.waitDays)),
    order: {
      id: c.order.id,
      no: c.order.no,
      status: c.order.status,
      payable: fenToYuan(c.order.payableAmount),
    },
    company: c.company,
  };
}

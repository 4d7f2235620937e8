// What a verified notice does to a payment: the state machine
// of docs/api.md "Online payments" as pure functions; the order module applies them in the
// transaction that locks the payment row (and the order) for update.
import { notifyInvalid } from '#/server/errors.ts';
import type { PaidNotice } from './provider.ts';

export type PaymentStatus = 'pending' | 'succeeded' | 'failed';

export type NoticeOutcome =
  /** this transaction is already recorded: acknowledge, change nothing */
  | 'replay'
  /** payment → succeeded (provider_txn, paid_at); the order → paid */
  | 'pay_order'
  /** payment → succeeded; the order can no longer be paid: a refund of the whole amount is created */
  | 'refund'
  /** payment → failed: the provider closed the trade unpaid */
  | 'fail'
  /** a closed notice for a payment that is settled already: nothing changes */
  | 'ignore';

/**
 * @param orderPayable the order is unpaid and not cancelled or expired, and no other payment of it
 * has succeeded
 */
export function noticeOutcome(
  payment: { amountFen: number; status: PaymentStatus; providerTxn: string | null },
  orderPayable: boolean,
  notice: PaidNotice,
): NoticeOutcome {
  if (notice.amountFen !== payment.amountFen) throw notifyInvalid('支付金额不一致');
  if (!notice.paid) return payment.status === 'pending' ? 'fail' : 'ignore';
  if (payment.status === 'succeeded') {
    if (payment.providerTxn === notice.providerTxn) return 'replay';
    throw notifyInvalid('该支付单已由另一笔交易支付');
  }
  return orderPayable ? 'pay_order' : 'refund';
}

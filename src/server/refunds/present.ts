// Refunds on the wire (money as "12.30"), for the buyer's order and return pages and the back office.
import { fenToYuan } from '#/lib/money.ts';
import { shopIso } from '#/lib/shopClock.ts';
import type { RefundRow } from './model.ts';

export const REFUND_METHOD_LABEL: Record<RefundRow['method'], string> = {
  balance: '退回余额',
  credit: '退回账期额度',
  online: '原路退回在线支付账户',
  transfer: '对公转账退回',
};

export const REFUND_STATUS_LABEL: Record<RefundRow['status'], string> = {
  pending: '待财务打款',
  queued: '待退回支付账户',
  processing: '退款处理中',
  succeeded: '已退款',
  failed: '退款失败',
};

export function presentRefund(r: RefundRow) {
  return {
    id: r.id,
    order_id: r.orderId,
    return_id: r.returnId,
    method: r.method,
    method_text: REFUND_METHOD_LABEL[r.method],
    amount: fenToYuan(r.amount),
    status: r.status,
    status_text: REFUND_STATUS_LABEL[r.status],
    reason: r.reason,
    created_at: shopIso(r.createdAt),
    completed_at: shopIso(r.completedAt),
  };
}

/** A row of finance's refund list: the refund with its order number and store. */
export function presentRefundCase(c: { refund: RefundRow; orderNo: string; company: string }) {
  return {
    ...presentRefund(c.refund),
    order_no: c.orderNo,
    company: c.company,
    last_error: c.refund.lastError,
  };
}

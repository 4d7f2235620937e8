// The back office's returns queue on the wire: staff see the same names the buyer's pages use.
import { fenToYuan } from '#/lib/money.ts';
import { shopIso } from '#/lib/shopClock.ts';
import { presentRefund } from '#/server/refunds/present.ts';
import { linePaidFen } from './amounts.ts';
import { KIND_LABEL } from './load.ts';
import type { ReturnCase } from './queue.ts';

/** The states as staff work them (the buyer's pages say it from the buyer's side). */
export const RETURN_STAFF_LABEL = {
  pending: '待审核',
  approved: '已同意，待收货',
  rejected: '已拒绝',
  received: '已收货，待退款',
  refunded: '已退款',
} as const;

export const adminReturnPhotoUrl = (returnId: number, photo: string) =>
  `/api/admin/returns/${returnId}/photos/${photo}`;

export function presentReturnCase(c: ReturnCase) {
  const r = c.request;
  return {
    id: r.id,
    kind: r.kind,
    kind_text: KIND_LABEL[r.kind],
    status: r.status,
    status_text: RETURN_STAFF_LABEL[r.status],
    reason: r.reason,
    reject_reason: r.rejectReason,
    created_at: shopIso(r.createdAt),
    decided_at: shopIso(r.decidedAt),
    order: {
      id: c.order.id,
      no: c.order.no,
      status: c.order.status,
      pay_method: c.order.payMethod,
    },
    company: c.company,
    photos: r.photos.map((id) => ({ id, url: adminReturnPhotoUrl(r.id, id) })),
    lines: c.lines.map(({ line, orderLine }) => ({
      id: line.id,
      order_line_id: orderLine.id,
      name: orderLine.name,
      ypgg: orderLine.spec,
      bzdw: orderLine.bzdw,
      bought: orderLine.number,
      paid: fenToYuan(linePaidFen(orderLine)),
      number: line.number,
      approved_number: line.approvedNumber,
      received_number: line.receivedNumber,
      written_off_number: line.writtenOffNumber,
    })),
    refund_due: c.refundDue.length ? fenToYuan(c.refundDue.reduce((s, d) => s + d.fen, 0)) : null,
    refunds: c.refunds.map(presentRefund),
  };
}

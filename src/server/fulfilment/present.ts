// The order desk's wire format: the queue, one order with what shipping needs, and the slips.
import { ORDER_LINE_TYPE } from '#/lib/constants.ts';
import { shopIso } from '#/lib/shopClock.ts';
import { fenToYuan } from '#/lib/money.ts';
import { needsTraceCodes } from '#/lib/traceCodes.ts';
import type { OrderStatus } from '#/server/db/schema/index.ts';
import {
  ORDER_STATUS_LABEL,
  PAY_METHOD_LABEL,
  presentOrderLine,
  presentCancelRequest,
  presentReservation,
  SLIP_STATUS_LABEL,
} from '#/server/orders/present.ts';
import type { OrderRow } from '#/server/orders/model.ts';
import type { StaffOrderDetail } from './detail.ts';
import { presentShipment } from './presentShipment.ts';
import type { OrderQueue } from './queue.ts';
import { shippedUnits } from './shipments.ts';
import type { SlipListRow } from './slips.ts';
import { presentRefund } from '#/server/refunds/present.ts';

/** The states as the desk names them (the buyer's 待收货 is the desk's 已发货). */
const DESK_STATUS_LABEL: Record<OrderStatus, string> = {
  ...ORDER_STATUS_LABEL,
  shipped: '已发货',
};

function presentHead(o: OrderRow, companyName: string, partlyShipped: boolean) {
  return {
    id: o.id,
    no: o.no,
    status: o.status,
    status_text: partlyShipped && o.status === 'paid' ? '部分发货' : DESK_STATUS_LABEL[o.status],
    is_ephedrine: o.isEphedrine,
    company: { id: o.companyId, name: companyName },
    payable_amount: fenToYuan(o.payableAmount),
    pay_method: o.payMethod,
    pay_method_text: o.payMethod ? PAY_METHOD_LABEL[o.payMethod] : '',
    created_at: shopIso(o.createdAt),
    paid_at: shopIso(o.paidAt),
    shipped_at: shopIso(o.shippedAt),
    completed_at: shopIso(o.completedAt),
    cancelled_at: shopIso(o.cancelledAt),
    cancel_reason: o.cancelReason,
    cancelled_by: o.cancelledBy,
    /** the buyer asked to cancel: confirm with the cancel form, or decline */
    cancel_request: presentCancelRequest(o),
    tracking_no: o.trackingNo,
  };
}

export function presentQueue(q: OrderQueue) {
  return {
    rows: q.rows.map((r) => ({
      ...presentHead(r.order, r.companyName, r.shipmentCount > 0),
      shipment_count: r.shipmentCount,
      goods: r.lines.map((l) => `${l.name}×${l.number}`).join('，'),
      line_count: r.lines.length,
    })),
    total: q.total,
    page: q.page,
    perPage: q.perPage,
    counts: q.counts,
  };
}

export function presentStaffOrder(d: StaffOrderDetail) {
  const o = d.order;
  const canShip = o.status === 'paid' && !o.cancelRequestedAt;
  return {
    ...presentHead(o, d.companyName, d.shipments.length > 0),
    goods_amount: fenToYuan(o.goodsAmount),
    discount_amount: fenToYuan(o.fullReductionAmount + o.couponAmount + o.cashVoucherAmount),
    shipping_amount: fenToYuan(o.shippingAmount),
    address: o.address,
    invoice_type: o.invoiceType,
    invoice_type_text: o.invoiceType === 'special' ? '增值税专用发票' : '普通发票',
    remarks: o.remarks,
    can_ship: canShip,
    can_cancel: (o.status === 'unpaid' || o.status === 'paid') && d.shipments.length === 0,
    shipment_count: d.shipments.length,
    lines: d.lines.map((l) => {
      const g = d.goods.find((x) => x.id === l.goodsId);
      const gift = l.type === ORDER_LINE_TYPE.gift;
      const shipped = shippedUnits(d.shipments, l.id);
      const reserved = d.reservations.filter((r) => r.orderLineId === l.id);
      return {
        ...presentOrderLine(l),
        is_gift: gift,
        shipped,
        left: l.number - shipped,
        approval_no: gift ? '' : (g?.approvalNo ?? ''),
        case_qty: gift ? 1 : (g?.caseQty ?? 1),
        needs_codes: !gift && g !== undefined && needsTraceCodes(g.drugClass),
        reserved: reserved.map(presentReservation),
        lots: gift
          ? []
          : d.lots
              .filter((x) => x.goodsId === l.goodsId)
              .map((x) => ({
                lot_id: x.id,
                batch_no: x.batchNo,
                produced_on: x.producedOn,
                expires_on: x.expiresOn,
                stock: x.stock,
                near_expiry_only: d.boundLots.has(x.id),
              })),
      };
    }),
    payments: d.payments.map((p) => ({
      id: p.id,
      method: p.method,
      method_text: PAY_METHOD_LABEL[p.method],
      amount: fenToYuan(p.amount),
      status: p.status,
      reference: p.reference,
      paid_at: shopIso(p.paidAt),
    })),
    shipments: d.shipments.map((s) => presentShipment(s, d.lines)),
    refunds: d.refunds.map(presentRefund),
    receipt_slip: d.slip
      ? {
          id: d.slip.id,
          status: d.slip.status,
          status_text: SLIP_STATUS_LABEL[d.slip.status],
          reject_reason: d.slip.rejectReason,
        }
      : null,
  };
}

export function presentSlipRow(r: SlipListRow) {
  const s = r.slip;
  return {
    id: s.id,
    order_id: s.orderId,
    order_no: r.orderNo,
    order_status: r.orderStatus,
    order_status_text: DESK_STATUS_LABEL[r.orderStatus],
    company: { id: s.companyId, name: r.companyName },
    status: s.status,
    status_text: SLIP_STATUS_LABEL[s.status],
    reject_reason: s.rejectReason,
    uploaded_at: shopIso(s.uploadedAt),
    reviewed_at: shopIso(s.reviewedAt),
    file_url: s.signedFile ? `/api/admin/slips/${s.id}/file` : null,
    file_type: s.signedFile?.endsWith('.pdf') ? 'pdf' : s.signedFile ? 'image' : null,
  };
}

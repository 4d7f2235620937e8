// The orders' wire format (SPEC: snake_case, pinyin field names, money as "12.30"): the one place
// where orders, their lines, payments, returns, slips and the confirm step leave the fen model.
import { fenToYuan } from '#/lib/money.ts';
import { shopIso } from '#/lib/shopClock.ts';
import type { CartTotals } from '#/lib/pricing/totals.ts';
import type { AddressView } from '#/lib/apiTypes.ts';
import { presentLine, presentTotals } from '#/server/cart/present.ts';
import { planPayableFen, type PlannedOrder } from './plan.ts';
import { payMethodsFor } from './payRules.ts';
import type { CartItem } from '#/server/cart/model.ts';
import type { OrderStatus, PayMethod } from '#/server/db/schema/index.ts';
import { presentShipment } from '#/server/fulfilment/presentShipment.ts';
import { returnPhotoUrl } from '#/server/returnPhotos.ts';
import type { RefundRow } from '#/server/refunds/model.ts';
import { presentRefund } from '#/server/refunds/present.ts';
import type {
  BoughtGoods,
  OrderDetail,
  OrderLineRow,
  OrderPage,
  OrderRow,
  SlipRow,
} from './model.ts';
import { returnedUnits, type ReturnRecord } from './returnRecords.ts';

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  unpaid: '待付款',
  paid: '待发货',
  shipped: '待收货',
  completed: '已完成',
  cancelled: '已取消',
};

export const RETURN_STATUS_LABEL = {
  pending: '审核中',
  approved: '已同意，请寄回',
  rejected: '已拒绝',
  received: '已收货，待退款',
  refunded: '已退款',
} as const;

export const PAY_METHOD_LABEL: Record<PayMethod, string> = {
  balance: '余额支付',
  credit: '账期支付',
  online: '在线支付',
  transfer: '对公转账',
};

/** An unpaid order whose buyer chose bank transfer waits for finance, not for the buyer. */
export const AWAITING_TRANSFER_LABEL = '等待财务确认';

/** A paid order its buyer asked to cancel waits for staff. */
export const CANCEL_REQUESTED_LABEL = '取消申请中';

/** The buyer's pending request to cancel a paid order, as both sides show it. */
export const presentCancelRequest = (o: OrderRow) =>
  o.cancelRequestedAt && o.status === 'paid'
    ? { reason: o.cancelRequestReason, requested_at: shopIso(o.cancelRequestedAt) }
    : null;

function presentSummary(o: OrderRow, awaitingTransfer = false) {
  const waiting = awaitingTransfer && o.status === 'unpaid';
  const cancelRequest = presentCancelRequest(o);
  return {
    id: o.id,
    no: o.no,
    status: o.status,
    status_text: waiting
      ? AWAITING_TRANSFER_LABEL
      : cancelRequest
        ? CANCEL_REQUESTED_LABEL
        : ORDER_STATUS_LABEL[o.status],
    cancel_request: cancelRequest,
    awaiting_transfer: waiting,
    is_ephedrine: o.isEphedrine,
    goods_amount: fenToYuan(o.goodsAmount),
    full_reduction_amount: fenToYuan(o.fullReductionAmount),
    coupon_amount: fenToYuan(o.couponAmount),
    cash_voucher_amount: fenToYuan(o.cashVoucherAmount),
    shipping_amount: fenToYuan(o.shippingAmount),
    payable_amount: fenToYuan(o.payableAmount),
    pay_method: o.payMethod,
    /** the ways this order may be paid (含麻: 对公转账 only) */
    pay_methods: [...payMethodsFor(o)],
    paid_at: shopIso(o.paidAt),
    expires_at: shopIso(o.expiresAt),
    cancel_reason: o.cancelReason,
    created_at: shopIso(o.createdAt),
    invoice_type: o.invoiceType,
    remarks: o.remarks,
    address: o.address,
    tracking_no: o.trackingNo,
    shipped_at: shopIso(o.shippedAt),
    completed_at: shopIso(o.completedAt),
    cancelled_by: o.cancelledBy,
  };
}

/** Stock a line holds in one lot (released once the order was cancelled). */
export function presentReservation(r: OrderDetail['reservations'][number]) {
  return {
    lot_id: r.lotId,
    batch_no: r.batchNo,
    expires_on: r.expiresOn,
    number: r.number,
    released: r.releasedAt !== null,
  };
}

export function presentOrderLine(l: OrderLineRow) {
  return {
    id: l.id,
    goods_id: l.goodsId,
    name: l.name,
    ypgg: l.spec,
    sccj: l.sccj,
    bzdw: l.bzdw,
    number: l.number,
    base_price: fenToYuan(l.basePrice),
    price: fenToYuan(l.unitPrice),
    amount: fenToYuan(l.amount),
    discount: fenToYuan(l.discount),
    type: l.type,
    goods_price_id: l.goodsPriceId,
    goods_manjian_id: l.goodsManjianId,
  };
}

export const SLIP_STATUS_LABEL = {
  awaiting: '待上传',
  uploaded: '待审核',
  confirmed: '已确认',
  rejected: '已退回',
} as const;

function presentSlip(s: SlipRow | undefined) {
  return s
    ? {
        id: s.id,
        uploaded: s.uploadedAt !== null,
        uploaded_at: shopIso(s.uploadedAt),
        status: s.status,
        status_text: SLIP_STATUS_LABEL[s.status],
        reject_reason: s.status === 'rejected' ? s.rejectReason : '',
        reviewed_at: shopIso(s.reviewedAt),
      }
    : null;
}

function presentReturn({ request: r, lines }: ReturnRecord, refunds: RefundRow[]) {
  return {
    id: r.id,
    kind: r.kind,
    reason: r.reason,
    status: r.status,
    photos: r.photos.map((id) => ({ id, url: returnPhotoUrl(r.orderId, id) })),
    created_at: shopIso(r.createdAt),
    decided_at: shopIso(r.decidedAt),
    reject_reason: r.rejectReason,
    lines: lines.map((x) => ({
      order_line_id: x.orderLineId,
      number: x.number,
      approved_number: x.approvedNumber,
      received_number: x.receivedNumber,
      written_off_number: x.writtenOffNumber,
    })),
    refunds: refunds.filter((f) => f.returnId === r.id).map(presentRefund),
  };
}

/** The order centre's page of orders. */
export function presentOrderPage(p: OrderPage) {
  return {
    rows: p.rows.map((o) => ({
      ...presentSummary(o, p.awaitingTransfer.includes(o.id)),
      lines: p.lines.filter((l) => l.orderId === o.id).map(presentOrderLine),
      receipt_slip: presentSlip(p.slips.find((s) => s.orderId === o.id)),
    })),
    total: p.total,
    page: p.page,
    perPage: p.perPage,
  };
}

export function presentOrderDetail(d: OrderDetail) {
  const o = d.order;
  const transfer = d.payments.find((p) => p.method === 'transfer' && p.status === 'pending');
  return {
    ...presentSummary(o, transfer !== undefined),
    lines: d.lines.map((l) => ({
      ...presentOrderLine(l),
      lots: d.reservations.filter((r) => r.orderLineId === l.id).map(presentReservation),
      returned: returnedUnits(d.returns, l.id),
    })),
    payments: d.payments.map((p) => ({
      id: p.id,
      method: p.method,
      amount: fenToYuan(p.amount),
      status: p.status,
      paid_at: shopIso(p.paidAt),
      reference: p.reference,
      created_at: shopIso(p.createdAt),
      note: p.method === 'transfer' && p.status === 'failed' ? p.note : '',
    })),
    returns: d.returns.map((r) => presentReturn(r, d.refunds)),
    refunds: d.refunds.map(presentRefund),
    receipt_slip: presentSlip(d.slip),
    /** paid, nothing shipped and not asked yet: the buyer may ask staff to cancel it */
    can_request_cancel: o.status === 'paid' && d.shipments.length === 0 && !o.cancelRequestedAt,
    shipments: d.shipments.map((s) => presentShipment(s, d.lines)),
    logistics: d.shipments.length
      ? d.shipments.map(({ shipment: s }) => ({
          time: shopIso(s.shippedAt),
          text: `${s.carrier} 运单号 ${s.trackingNo}`,
        }))
      : o.trackingNo
        ? [{ time: shopIso(o.paidAt) ?? '', text: `运单号 ${o.trackingNo}` }]
        : [],
  };
}

type UsableCoupon = {
  id: number;
  name: string;
  kind: string;
  threshold: number;
  amount: number;
  /** the engine applies it to this selection (its threshold met within its scope) */
  usable: boolean;
};

export type CheckoutModel = {
  lines: CartItem[];
  plan: PlannedOrder[];
  /** by line id: the expiry months the line would receive (lineExpiry.ts) */
  expiryRanges: Map<number, string | null>;
  unavailable: CartItem[];
  totals: CartTotals;
  ephedrineTotals: CartTotals | null;
  split: boolean;
  addresses: AddressView[];
  coupons: UsableCoupon[];
  /** by coupon id: 全场通用, 限分类：… */
  scopeTexts: Map<number, string>;
};

/** The confirm step (POST /api/cart/checkout). */
export function presentCheckout(c: CheckoutModel) {
  return {
    lines: c.lines.map((l) => ({
      ...presentLine(l),
      expiry_range: c.expiryRanges.get(l.id) ?? null,
    })),
    unavailable: c.unavailable.map((l) => ({ id: l.id, reason: l.reason })),
    totals: presentTotals(c.totals),
    ephedrine_totals: c.ephedrineTotals ? presentTotals(c.ephedrineTotals) : null,
    split: c.split,
    // The orders 提交订单 makes, each with every fee, and what they cost together.
    orders: c.plan.map((o) => ({
      kind: o.isEphedrine ? 'ephedrine' : 'normal',
      title: o.isEphedrine ? '含麻黄碱类商品订单' : '普通商品订单',
      line_ids: o.lines.map((l) => l.id),
      totals: presentTotals(o.totals),
      pay_methods: [...payMethodsFor({ isEphedrine: o.isEphedrine })],
    })),
    payable_amount: fenToYuan(planPayableFen(c.plan)),
    addresses: c.addresses,
    coupons: c.coupons
      .filter((x) => x.kind === 'coupon')
      .map((x) => ({
        id: x.id,
        name: x.name,
        threshold: fenToYuan(x.threshold),
        amount: fenToYuan(x.amount),
        usable: x.usable,
        scope_text: c.scopeTexts.get(x.id) ?? '全场通用',
      })),
    cash_vouchers: c.coupons
      .filter((x) => x.kind === 'cash')
      .map((x) => ({ id: x.id, name: x.name, amount: fenToYuan(x.amount) })),
  };
}

/** A payment waiting for the buyer: the amount and, online, where to pay. */
export function presentPaymentStart(p: {
  id: number;
  amountFen: number;
  payUrl?: string;
  qrCode?: string;
  qrSvg?: string;
}) {
  return {
    payment_id: p.id,
    amount: fenToYuan(p.amountFen),
    ...(p.payUrl === undefined ? {} : { pay_url: p.payUrl }),
    ...(p.qrCode === undefined ? {} : { qr_code: p.qrCode }),
    ...(p.qrSvg === undefined ? {} : { qr_svg: p.qrSvg }),
  };
}

/** Whether the order (or any order) can be paid on credit terms, with the credit figures. */
export function presentCredit(
  reason: string | null,
  s: {
    limitFen: number;
    usedFen: number;
    availableFen: number;
    overdue: boolean;
    overdueFen: number;
  },
) {
  return {
    usable: reason === null,
    reason,
    limit: fenToYuan(s.limitFen),
    used: fenToYuan(s.usedFen),
    available: fenToYuan(s.availableFen),
    overdue: s.overdue,
    overdue_amount: fenToYuan(s.overdueFen),
  };
}

/** The 常购清单 page (GET /api/user/fast_buy). */
export function presentBoughtGoods(p: {
  rows: BoughtGoods[];
  total: number;
  page: number;
  perPage: number;
}) {
  return {
    rows: p.rows.map((g) => ({
      goods_id: g.goodsId,
      name: g.name,
      spec: g.spec,
      sccj: g.sccj,
      bzdw: g.bzdw,
      times: g.times,
      quantity: g.quantity,
      last_at: shopIso(g.lastAt),
      number: g.stock,
      zbz: g.innerPack,
      must_multiple: g.mustMultiple,
      purchase_limit: g.purchaseLimit,
    })),
    total: p.total,
    page: p.page,
    perPage: p.perPage,
  };
}

import { textBigrams } from '../rows.ts';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, companies, type InvoiceProfile } from './members.ts';
import { goods, goodsLots } from './catalog.ts';

// unpaid → paid → shipped → completed; unpaid → cancelled (by the buyer or the timeout);
// paid → cancelled by staff before shipping (whatever was paid is refunded).
export const ORDER_STATUSES = ['unpaid', 'paid', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
// transfer: 对公转账, confirmed by finance against the order's reference.
export const PAY_METHODS = ['balance', 'credit', 'online', 'transfer'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
export const INVOICE_TYPES = ['normal', 'special'] as const; // 普通发票 / 增值税专用发票

export type AddressSnapshot = { name: string; phone: string; region: string; address: string };

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    no: text('no').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status').$type<OrderStatus>().notNull().default('unpaid'),
    isEphedrine: boolean('is_ephedrine').notNull().default(false),
    goodsAmount: integer('goods_amount').notNull(),
    fullReductionAmount: integer('full_reduction_amount').notNull().default(0),
    couponAmount: integer('coupon_amount').notNull().default(0),
    cashVoucherAmount: integer('cash_voucher_amount').notNull().default(0),
    shippingAmount: integer('shipping_amount').notNull().default(0),
    payableAmount: integer('payable_amount').notNull(),
    couponId: integer('coupon_id'),
    cashVoucherId: integer('cash_voucher_id'),
    payMethod: text('pay_method').$type<PayMethod>(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    invoiceType: text('invoice_type').notNull().default('normal'),
    remarks: text('remarks').notNull().default(''),
    trackingNo: text('tracking_no').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** when the last line was shipped (status shipped) */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** received by the buyer, or completed by itself days after shipping */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** buyer, timeout or staff */
    cancelledBy: text('cancelled_by').notNull().default(''),
    /** the buyer asked to cancel the paid, unshipped order; staff confirm (refund) or decline */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    cancelRequestReason: text('cancel_request_reason').notNull().default(''),
  },
  (t) => [
    uniqueIndex('orders_no_uq').on(t.no),
    index('orders_company_idx').on(t.companyId, t.id),
    index('orders_unpaid_expiry_idx').on(t.status, t.expiresAt),
    // the reports read orders by when they were placed and paid
    index('orders_created_idx').on(t.createdAt),
    index('orders_paid_idx').on(t.paidAt),
  ],
);

// One row per client-generated submission key: the same key never makes a second order.
export const orderSubmissions = pgTable(
  'order_submissions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    key: text('key').notNull(),
    orderIds: integer('order_ids').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_submissions_company_key_uq').on(t.companyId, t.key)],
);

// Lines keep the price and discount they were sold at.
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    name: text('name').notNull(),
    spec: text('spec').notNull(),
    sccj: text('sccj').notNull(),
    bzdw: text('bzdw').notNull(),
    number: integer('number').notNull(),
    basePrice: integer('base_price').notNull(),
    unitPrice: integer('unit_price').notNull(),
    amount: integer('amount').notNull(),
    discount: integer('discount').notNull().default(0), // this line's share of order discounts
    type: integer('type').notNull().default(0), // ORDER_LINE_TYPE (lib/constants.ts)
    goodsPriceId: integer('goods_price_id'),
    goodsManjianId: integer('goods_manjian_id'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    // The order desk finds orders by a goods name in their lines (fulfilment/queue.orderSearch):
    // without it a search read every line, 0.7 s of the embedded database's one thread per count
    // at 760,000 lines. pg_trgm (migration 0000) indexes Chinese text as well.
    index('order_lines_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // A two-character goods name (感冒, 头孢) holds no trigram: its lines by bigram (migration 0027).
    index('order_lines_name_bigram_idx').using('gin', textBigrams([t.name])),
  ],
);

// Stock taken from each lot for a line; released (cancel/timeout) puts it back once.
export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    lotId: integer('lot_id')
      .notNull()
      .references(() => goodsLots.id),
    batchNo: text('batch_no').notNull(),
    expiresOn: date('expires_on').notNull(),
    number: integer('number').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [index('stock_reservations_order_idx').on(t.orderId)],
);

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    method: text('method').$type<PayMethod>().notNull(),
    provider: text('provider').notNull().default(''),
    amount: integer('amount').notNull(),
    status: text('status').$type<(typeof PAYMENT_STATUSES)[number]>().notNull().default('pending'),
    // the provider's transaction id; unique so that a replayed callback cannot pay twice
    providerTxn: text('provider_txn'),
    /** a bank transfer's reference the buyer writes on the transfer (对公转账 附言) */
    reference: text('reference'),
    /** the staff member who confirmed (or refused) a transfer */
    confirmedBy: integer('confirmed_by'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_provider_txn_uq').on(t.provider, t.providerTxn),
    uniqueIndex('payments_reference_uq').on(t.reference),
  ],
);

export const RETURN_KINDS = ['return', 'after_sales'] as const;
// pending → approved (quantities may be reduced) → received (goods back or written off) →
// refunded; pending → rejected.
export const RETURN_STATUSES = ['pending', 'approved', 'rejected', 'received', 'refunded'] as const;

export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').$type<(typeof RETURN_KINDS)[number]>().notNull(),
    reason: text('reason').notNull(),
    photos: text('photos').array().notNull().default([]),
    status: text('status').$type<(typeof RETURN_STATUSES)[number]>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
    /** why staff refused it, shown to the buyer */
    rejectReason: text('reject_reason').notNull().default(''),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_status_idx').on(t.status, t.id),
  ],
);

export const returnLines = pgTable('return_lines', {
  id: serial('id').primaryKey(),
  returnId: integer('return_id')
    .notNull()
    .references(() => returnRequests.id),
  orderLineId: integer('order_line_id')
    .notNull()
    .references(() => orderLines.id),
  number: integer('number').notNull(),
  /** what staff approved (≤ number); null until decided */
  approvedNumber: integer('approved_number'),
  /** units received back into their lot */
  receivedNumber: integer('received_number').notNull().default(0),
  /** units received but written off as damaged */
  writtenOffNumber: integer('written_off_number').notNull().default(0),
});

export const SLIP_STATUSES = ['awaiting', 'uploaded', 'confirmed', 'rejected'] as const;

// 含麻 orders need the signed receipt slip back, confirmed by staff, before the next ephedrine order.
export const receiptSlips = pgTable(
  'receipt_slips',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    signedFile: text('signed_file'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    /** awaiting (nothing uploaded), uploaded, confirmed, rejected (the buyer uploads again) */
    status: text('status').$type<(typeof SLIP_STATUSES)[number]>().notNull().default('awaiting'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by'),
    rejectReason: text('reject_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipt_slips_order_uq').on(t.orderId),
    index('receipt_slips_company_idx').on(t.companyId),
  ],
);

// A shipment (发货) of some or all of an order's lines: carrier, tracking number, lots picked.
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    carrier: text('carrier').notNull(),
    trackingNo: text('tracking_no').notNull(),
    staffId: integer('staff_id'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipments_order_idx').on(t.orderId)],
);

// What one shipment carried of one order line, from one lot. A 满赠 gift line is no stock of the
// shop's (a named gift, no lot): its rows have no lot, an empty batch and no expiry.
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    lotId: integer('lot_id').references(() => goodsLots.id),
    batchNo: text('batch_no').notNull(),
    producedOn: date('produced_on'),
    expiresOn: date('expires_on'),
    number: integer('number').notNull(),
  },
  (t) => [
    index('shipment_lines_shipment_idx').on(t.shipmentId),
    index('shipment_lines_line_idx').on(t.orderLineId),
  ],
);

// 药品追溯码: 20 digits, one per sales unit or case, scanned at shipping; unique across the shop.
export const traceCodes = pgTable(
  'trace_codes',
  {
    id: serial('id').primaryKey(),
    shipmentLineId: integer('shipment_line_id')
      .notNull()
      .references(() => shipmentLines.id),
    code: text('code').notNull(),
  },
  (t) => [
    uniqueIndex('trace_codes_code_uq').on(t.code),
    index('trace_codes_line_idx').on(t.shipmentLineId),
  ],
);

export const REFUND_METHODS = ['balance', 'credit', 'online', 'transfer'] as const;
// pending → processing (sent to the provider) → succeeded | failed; transfer refunds wait as
// pending until finance marks them paid out; a provider's refusal leaves them queued for finance.
export const REFUND_STATUSES = ['pending', 'processing', 'succeeded', 'failed', 'queued'] as const;

// Money going back the way it came: for a cancelled order, a return, or a payment that arrived
// for an order no longer payable.
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    returnId: integer('return_id').references(() => returnRequests.id),
    paymentId: integer('payment_id').references(() => payments.id),
    method: text('method').$type<(typeof REFUND_METHODS)[number]>().notNull(),
    provider: text('provider').notNull().default(''),
    amount: integer('amount').notNull(),
    status: text('status').$type<(typeof REFUND_STATUSES)[number]>().notNull().default('pending'),
    reason: text('reason').notNull(),
    providerRefundId: text('provider_refund_id'),
    lastError: text('last_error').notNull().default(''),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_status_idx').on(t.status, t.id),
    uniqueIndex('refunds_provider_refund_uq').on(t.provider, t.providerRefundId),
  ],
);

// The invoice finance issued on the tax platform (数电票) for an order, uploaded as its PDF or OFD
// file. One per order; a correction replaces the row. `buyer` is the 开票信息 it was issued to.
export const orderInvoices = pgTable(
  'order_invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    number: text('number').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    /** 价税合计 and the tax inside it, in fen */
    amount: integer('amount').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    /** the stored name in the storage area `invoices` */
    file: text('file').notNull(),
    buyer: jsonb('buyer').$type<InvoiceProfile>().notNull(),
    uploadedBy: integer('uploaded_by').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_invoices_order_uq').on(t.orderId)],
);

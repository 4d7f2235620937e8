// Orders inside the server: the database rows (English names, money in fen) and what views and
// the presenter pass between them.
import type {
  orderLines,
  orders,
  payments,
  receiptSlips,
  stockReservations,
} from '#/server/db/schema/index.ts';
import type { RefundRow } from '#/server/refunds/model.ts';
import type { ShipmentRecord } from '#/server/fulfilment/shipments.ts';
import type { ReturnRecord } from './returnRecords.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type SlipRow = typeof receiptSlips.$inferSelect;

/** A page of the order centre. */
export type OrderPage = {
  rows: OrderRow[];
  lines: OrderLineRow[];
  slips: SlipRow[];
  /** orders of the page waiting for finance to confirm a bank transfer */
  awaitingTransfer: number[];
  total: number;
  page: number;
  perPage: number;
};

/** One order with its lines, the lots they were served from, payments, shipments, returns, refunds and slip. */
export type OrderDetail = {
  order: OrderRow;
  lines: OrderLineRow[];
  reservations: (typeof stockReservations.$inferSelect)[];
  payments: (typeof payments.$inferSelect)[];
  shipments: ShipmentRecord[];
  returns: ReturnRecord[];
  refunds: RefundRow[];
  slip: SlipRow | undefined;
};

/** A goods of the 常购清单 (/kjcg). */
export type BoughtGoods = {
  goodsId: number;
  name: string;
  spec: string;
  sccj: string;
  bzdw: string;
  /** orders it was in */
  times: number;
  quantity: number;
  lastAt: Date;
  /** what the quantity field for buying it again takes */
  stock: number;
  innerPack: number;
  mustMultiple: boolean;
  purchaseLimit: number;
};

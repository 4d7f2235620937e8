import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { goods } from './catalog.ts';
import { accounts, companies } from './members.ts';
import { staff } from './staff.ts';

// 品种求购: a store asks the shop to stock a variety it cannot find. Operators answer later.
// arrived: the shop now sells it; arrivedGoodsId names the goods the buyer was told of.
export const WANTED_STATUSES = ['pending', 'replied', 'arrived', 'closed'] as const;
export type WantedStatus = (typeof WANTED_STATUSES)[number];

export const wantedRequests = pgTable(
  'wanted_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    goodsName: text('goods_name').notNull(),
    spec: text('spec').notNull().default(''),
    manufacturer: text('manufacturer').notNull().default(''),
    quantity: integer('quantity').notNull(),
    expectedPrice: integer('expected_price'), // fen; null when the buyer gave none
    phone: text('phone').notNull(),
    remarks: text('remarks').notNull().default(''),
    status: text('status').$type<WantedStatus>().notNull().default('pending'),
    reply: text('reply').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    arrivedGoodsId: integer('arrived_goods_id').references(() => goods.id),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by').references(() => staff.id),
  },
  (t) => [
    index('wanted_requests_company_idx').on(t.companyId, t.id),
    index('wanted_requests_status_idx').on(t.status, t.id),
  ],
);

// 积分商城: goods bought with points only.
export const pointsGoods = pgTable(
  'points_goods',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    spec: text('spec').notNull().default(''),
    points: integer('points').notNull(),
    stock: integer('stock').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  () => [
    check('points_goods_stock_nonneg', sql`stock >= 0`),
    check('points_goods_points_pos', sql`points > 0`),
  ],
);

export const POINTS_ORDER_STATUSES = ['pending', 'shipped'] as const;

// One redemption; the points were debited by a ledger row (kind points_redeem) with this order id.
export const pointsOrders = pgTable(
  'points_orders',
  {
    id: serial('id').primaryKey(),
    no: text('no').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    pointsGoodsId: integer('points_goods_id')
      .notNull()
      .references(() => pointsGoods.id),
    name: text('name').notNull(),
    spec: text('spec').notNull().default(''),
    unitPoints: integer('unit_points').notNull(),
    number: integer('number').notNull(),
    totalPoints: integer('total_points').notNull(),
    status: text('status')
      .$type<(typeof POINTS_ORDER_STATUSES)[number]>()
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_orders_no_uq').on(t.no),
    index('points_orders_company_idx').on(t.companyId, t.id),
  ],
);

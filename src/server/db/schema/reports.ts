// The reports' pre-summed figures per shop day (Beijing time), so a year's dashboard adds up a few
// thousand rows instead of every order, line and page view. Orders, lines and payments are counted
// in the same transaction as the write that changes them (src/server/reports/tally.ts); page views
// never change once written, so closed days are summed on first need and today is read live.
import { date, integer, bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { PayMethod } from './orders.ts';

/** Orders placed and not cancelled, per day of placing and store. */
export const reportStoreDays = pgTable(
  'report_store_days',
  {
    day: date('day').notNull(),
    companyId: integer('company_id').notNull(),
    orders: integer('orders').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.companyId] })],
);

/** Lines of those orders per day of placing and goods: units, lines, amount after discounts. */
export const reportGoodsDays = pgTable(
  'report_goods_days',
  {
    day: date('day').notNull(),
    goodsId: integer('goods_id').notNull(),
    units: integer('units').notNull(),
    lines: integer('lines').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.goodsId] })],
);

/** The same per month (its first day): a year's top goods adds up twelve months, not 365 days. */
export const reportGoodsMonths = pgTable(
  'report_goods_months',
  {
    month: date('month').notNull(),
    goodsId: integer('goods_id').notNull(),
    units: integer('units').notNull(),
    lines: integer('lines').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.goodsId] })],
);

/** Orders paid per day of paying and pay method (cancelled afterwards or not, as paid). */
export const reportPaymentDays = pgTable(
  'report_payment_days',
  {
    day: date('day').notNull(),
    method: text('method').$type<PayMethod>().notNull(),
    orders: integer('orders').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.method] })],
);

/** Page views per closed day and signed-in account (0: not signed in). */
export const reportVisitDays = pgTable(
  'report_visit_days',
  {
    day: date('day').notNull(),
    accountId: integer('account_id').notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.accountId] })],
);

/** How far a summary of closed days has got: `through` is its last day summed. */
export const reportRollups = pgTable('report_rollups', {
  name: text('name').primaryKey(),
  through: date('through').notNull(),
});

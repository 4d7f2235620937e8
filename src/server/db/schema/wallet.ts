import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './members.ts';

// One row per company with the running balances. Every change to it happens in the same
// transaction as a ledger row; the sums of the ledger must equal these columns.
export const wallets = pgTable(
  'wallets',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id),
    balance: integer('balance').notNull().default(0), // fen
    creditLimit: integer('credit_limit').notNull().default(0), // fen
    creditUsed: integer('credit_used').notNull().default(0), // fen
    points: integer('points').notNull().default(0),
    /** the day of the following month a period's credit bill is due; null = its last day */
    billDay: integer('bill_day'),
  },
  () => [
    check('wallets_bill_day_range', sql`bill_day IS NULL OR bill_day BETWEEN 1 AND 28`),
    check('wallets_balance_nonneg', sql`balance >= 0`),
    check('wallets_credit_within_limit', sql`credit_used >= 0 AND credit_used <= credit_limit`),
    check('wallets_points_nonneg', sql`points >= 0`),
  ],
);

export const LEDGER_ACCOUNTS = ['balance', 'credit', 'points'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

// Every money (and points) movement. amount is signed: + credits the account, − debits it.
// For 'credit' the amount is the change of credit USED (+ when spending on credit).
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    account: text('account').$type<LedgerAccount>().notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    kind: text('kind').notNull(), // opening, recharge, order_pay, order_refund, credit_pay, credit_repay, order_points
    orderId: integer('order_id'),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_company_account_idx').on(t.companyId, t.account, t.id)],
);

export const COUPON_KINDS = ['coupon', 'cash'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

// What a coupon may be used on: every goods, or the goods, categories (with their subcategories)
// or brands in `scope_ids`. Cash vouchers are always 'all'.
export const COUPON_SCOPES = ['all', 'goods', 'categories', 'brands'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

// 优惠券 (threshold + reduce) and 现金券 (cash voucher: amount only) held by a company.
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').$type<CouponKind>().notNull(),
    name: text('name').notNull(),
    threshold: integer('threshold').notNull().default(0), // fen
    amount: integer('amount').notNull(), // fen
    /** copied from the template at the claim: the terms a coupon was claimed with stay */
    scope: text('scope').$type<CouponScope>().notNull().default('all'),
    scopeIds: integer('scope_ids').array().notNull().default([]),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    usedOrderId: integer('used_order_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('coupons_company_idx').on(t.companyId, t.kind)],
);

// 账期 bills: what was bought on credit in one period, due on dueOn.
export const creditBills = pgTable(
  'credit_bills',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    period: text('period').notNull(), // e.g. 2026-11
    amount: integer('amount').notNull().default(0),
    repaid: integer('repaid').notNull().default(0),
    dueOn: date('due_on').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_bills_company_idx').on(t.companyId, t.period)],
);

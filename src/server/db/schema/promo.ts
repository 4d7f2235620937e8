import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './members.ts';
import { coupons, type CouponKind, type CouponScope } from './wallet.ts';

// 领券中心 (/lqzx): coupons a member may claim up to `perStoreLimit` times per template, while the
// template has some of its `quantity` left. A claim writes one row into the wallet's coupons table
// (so it shows in /yhq and at checkout) and one claim row.
export const couponTemplates = pgTable(
  'coupon_templates',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<CouponKind>().notNull().default('coupon'),
    name: text('name').notNull(),
    threshold: integer('threshold').notNull().default(0), // fen
    amount: integer('amount').notNull(), // fen
    scope: text('scope').$type<CouponScope>().notNull().default('all'),
    scopeIds: integer('scope_ids').array().notNull().default([]),
    /** the claimed coupon is valid this many days from the claim */
    validDays: integer('valid_days').notNull(),
    /** claimable in this window */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** how many may be claimed in all; null = no cap */
    quantity: integer('quantity'),
    perStoreLimit: integer('per_store_limit').notNull().default(1),
  },
  (t) => [index('coupon_templates_sort_idx').on(t.sort)],
);

export const couponClaims = pgTable(
  'coupon_claims',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupon_claims_template_company_idx').on(t.templateId, t.companyId)],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies } from './members.ts';

// 幸运抽奖: an activity runs from startsAt to endsAt; each company may draw `dailyLimit` times a
// day (Asia/Shanghai). `popup` marks the activity the home-page pop-up invites members to.
export const drawActivities = pgTable(
  'draw_activities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    dailyLimit: integer('daily_limit').notNull().default(1),
    popup: boolean('popup').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('draw_activities_daily_limit_pos', sql`daily_limit > 0`)],
);

export const DRAW_PRIZE_KINDS = ['points', 'coupon', 'goods'] as const;
export type DrawPrizeKind = (typeof DRAW_PRIZE_KINDS)[number];

// A prize: points (value = points), coupon (value = reduce in fen, threshold in fen, validDays),
// or physical goods shipped by the service team. stock null = unlimited; never below zero.
export const drawPrizes = pgTable(
  'draw_prizes',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => drawActivities.id),
    name: text('name').notNull(),
    kind: text('kind').$type<DrawPrizeKind>().notNull(),
    value: integer('value').notNull().default(0),
    threshold: integer('threshold').notNull().default(0),
    validDays: integer('valid_days').notNull().default(30),
    weight: integer('weight').notNull(),
    stock: integer('stock'),
    remarks: text('remarks').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('draw_prizes_activity_idx').on(t.activityId),
    check('draw_prizes_stock_nonneg', sql`stock IS NULL OR stock >= 0`),
    check('draw_prizes_weight_nonneg', sql`weight >= 0`),
  ],
);

// Chances used per company and day: the conditional update on this row is what keeps a member
// within the daily limit even when draws arrive at the same time.
export const drawChances = pgTable(
  'draw_chances',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => drawActivities.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    day: date('day').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.companyId, t.day] })],
);

export const drawRecords = pgTable(
  'draw_records',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => drawActivities.id),
    prizeId: integer('prize_id')
      .notNull()
      .references(() => drawPrizes.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(), // prize name at the time of the draw
    kind: text('kind').$type<DrawPrizeKind>().notNull(),
    remarks: text('remarks').notNull().default(''),
    couponId: integer('coupon_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('draw_records_company_idx').on(t.companyId, t.id),
    index('draw_records_activity_idx').on(t.activityId, t.id),
  ],
);

// Footer / partner links (GET /api/global/links).
export const globalLinks = pgTable('global_links', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
});

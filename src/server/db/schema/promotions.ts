import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { goods, goodsLots } from './catalog.ts';
import { companies } from './members.ts';

// Promotions of the catalogue. The cart team prices cart lines from these tables (docs/api.md,
// "Catalogue"): a cart line's goods_price_id points at goods_prices, goods_manjian_id at
// manjian_activities, type 3 lines at combinations.

// 控销: a controlled goods is visible and buyable only for a company that matches one rule:
// its province is in `regions` (empty = any), its type in `customerTypes` (empty = any), or its id
// is in `companyIds` (the allow-list always admits).
export const controlledRules = pgTable(
  'controlled_rules',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    regions: text('regions').array().notNull().default([]),
    customerTypes: text('customer_types').array().notNull().default([]),
    companyIds: integer('company_ids').array().notNull().default([]),
  },
  (t) => [uniqueIndex('controlled_rules_goods_uq').on(t.goodsId)],
);

export const PRICE_KINDS = ['flash', 'daily_special', 'near_expiry', 'yj'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

// Price variants (goods_price_id): a fixed unit price for a window. flash = 秒杀 (type 1 cart
// line, `userLimit` units per company at this price), daily_special = 每日特价 (/mrtj),
// near_expiry = 近效期 (/jxqzc, bound to the lot it sells), yj = 一价 (is_yj).
export const goodsPrices = pgTable(
  'goods_prices',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    kind: text('kind').$type<PriceKind>().notNull(),
    price: integer('price').notNull(), // fen
    lotId: integer('lot_id').references(() => goodsLots.id),
    userLimit: integer('user_limit'), // null = no limit
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('goods_prices_goods_idx').on(t.goodsId),
    index('goods_prices_kind_idx').on(t.kind, t.endsAt),
  ],
);

export type ManjianTier = { amount: number; reduce: number }; // fen

// 满减 (goods_manjian_id): spend `amount` fen on the activity's goods, save `reduce` fen.
export const manjianActivities = pgTable('manjian_activities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  tiers: jsonb('tiers').$type<ManjianTier[]>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});

export const manjianGoods = pgTable(
  'manjian_goods',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => manjianActivities.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.goodsId] }),
    index('manjian_goods_goods_idx').on(t.goodsId),
  ],
);

// 满赠: every `buyNumber` units earn `giftNumber` of the gift (lib/pricing giftsFor), from
// `startsAt` until `endsAt` (null: until the merchandiser ends it).
export const giftRules = pgTable(
  'gift_rules',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    giftName: text('gift_name').notNull(),
    buyNumber: integer('buy_number').notNull(),
    giftNumber: integer('gift_number').notNull(),
    maxTotal: integer('max_total'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('gift_rules_goods_idx').on(t.goodsId)],
);

// 组合购 (type 3 cart line): a pack of items at one pack price, sold from `startsAt` until
// `endsAt` (null: until the merchandiser ends it).
export const combinations = pgTable('combinations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  packPrice: integer('pack_price').notNull(), // fen
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});

export const combinationItems = pgTable(
  'combination_items',
  {
    combinationId: integer('combination_id')
      .notNull()
      .references(() => combinations.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    number: integer('number').notNull(), // units per pack
  },
  (t) => [primaryKey({ columns: [t.combinationId, t.goodsId] })],
);

// 满额返现 (/hb): an order of at least `amount` fen earns `back` fen to the wallet.
export const cashbackRules = pgTable('cashback_rules', {
  id: serial('id').primaryKey(),
  amount: integer('amount').notNull(),
  back: integer('back').notNull(),
});

export const ACTIVITY_KINDS = [
  'yjh',
  'hdzx',
  'zqmb',
  'hdmb',
  'yyh',
  'group',
  'ab',
  'xrtj',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

// Curated goods pages (/yjh, /Hdzx, /zqmb, /hdmb, /yyh, /group, AB groups, 新人推荐 at
// /api/focus/xrtj): a title, a banner text and the goods shown, in order. `url` empty = the link leads to 活动未开始.
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ActivityKind>().notNull(),
    title: text('title').notNull(),
    intro: text('intro').notNull().default(''),
    url: text('url').notNull().default(''),
    goodsIds: integer('goods_ids').array().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('activities_kind_idx').on(t.kind, t.sort)],
);

// 我的收藏: per company.
export const favorites = pgTable(
  'favorites',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.goodsId] }),
    index('favorites_company_idx').on(t.companyId, t.createdAt),
  ],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The four product lines of the header menus: general goods, yx (优选), zy (中药), qx (器械).
export const LINES = ['general', 'yx', 'zy', 'qx'] as const;
export type Line = (typeof LINES)[number];

export const manufacturers = pgTable(
  'manufacturers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    province: text('province').notNull().default(''),
    initials: text('initials').notNull(),
    pinyin: text('pinyin').notNull(),
  },
  (t) => [uniqueIndex('manufacturers_name_uq').on(t.name)],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo').notNull().default(''),
  manufacturerId: integer('manufacturer_id').references(() => manufacturers.id),
  sort: integer('sort').notNull().default(0),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    line: text('line').$type<Line>().notNull(),
    name: text('name').notNull(),
    logo1: text('logo1').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('categories_line_parent_idx').on(t.line, t.parentId)],
);

export const goods = pgTable(
  'goods',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(), // 商品编码, what buyers type on quick purchase
    name: text('name').notNull(), // 通用名
    tradeName: text('trade_name').notNull().default(''),
    spec: text('spec').notNull(), // ypgg
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id),
    sccj: text('sccj').notNull(), // manufacturer name, denormalised for lists and search
    approvalNo: text('approval_no').notNull().default(''), // 批准文号
    drugClass: text('drug_class').notNull(),
    bzdw: text('bzdw').notNull(), // packing unit
    innerPack: integer('inner_pack').notNull().default(1), // 中包装
    caseQty: integer('case_qty').notNull().default(1), // 件装量
    mustMultiple: boolean('must_multiple').notNull().default(false),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    line: text('line').$type<Line>().notNull(),
    brandId: integer('brand_id').references(() => brands.id),
    basePrice: integer('base_price').notNull(), // fen
    stock: integer('stock').notNull().default(0), // sum of lot stock, kept in the same transaction
    sales: integer('sales').notNull().default(0),
    isBuy: boolean('is_buy').notNull().default(true),
    isFreeShipping: boolean('is_free_shipping').notNull().default(false),
    freeShippingNumber: integer('free_shipping_number').notNull().default(0),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    isEphedrine: boolean('is_ephedrine').notNull().default(false), // 含麻黄碱
    purchaseLimit: integer('purchase_limit').notNull().default(0), // per order, 0 = none
    isControlled: boolean('is_controlled').notNull().default(false), // 控销
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    nameInitials: text('name_initials').notNull(),
    namePinyin: text('name_pinyin').notNull(),
    tradeInitials: text('trade_initials').notNull().default(''),
    tradePinyin: text('trade_pinyin').notNull().default(''),
    sccjInitials: text('sccj_initials').notNull(),
    sccjPinyin: text('sccj_pinyin').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_code_uq').on(t.code),
    index('goods_line_category_idx').on(t.line, t.categoryId),
    index('goods_manufacturer_idx').on(t.manufacturerId),
    index('goods_brand_idx').on(t.brandId),
  ],
);

// Stock lots: buyers see the batch and expiry they will receive.
export const goodsLots = pgTable(
  'goods_lots',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    batchNo: text('batch_no').notNull(),
    producedOn: date('produced_on').notNull(),
    expiresOn: date('expires_on').notNull(),
    stock: integer('stock').notNull(),
  },
  (t) => [
    index('goods_lots_goods_idx').on(t.goodsId),
    index('goods_lots_expiry_idx').on(t.expiresOn),
  ],
);

// 阶梯价: from `minNumber` units on, each unit costs `price` fen.
export const ladderPrices = pgTable(
  'ladder_prices',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    minNumber: integer('min_number').notNull(),
    price: integer('price').notNull(),
  },
  (t) => [index('ladder_prices_goods_idx').on(t.goodsId)],
);

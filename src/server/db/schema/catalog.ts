import { type SQLWrapper, sql } from 'drizzle-orm';
import { textBigrams } from '../rows.ts';
import type { RankPrices } from '#/lib/rankPrice.ts';
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

/** What a two-character goods desk search reads (goodsDesk/load.ts), as its bigram index holds it. */
export const deskBigramColumns = (t: {
  name: SQLWrapper;
  tradeName: SQLWrapper;
  sccj: SQLWrapper;
  nameInitials: SQLWrapper;
}): SQLWrapper[] => [t.name, t.tradeName, t.sccj, t.nameInitials];

export const goods = pgTable(
  'goods',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(), // 商品编码, what buyers type on quick purchase
    erpCode: text('erp_code'), // the wholesaler's ERP code: imports match goods by it
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
    // 会员等级价: member rank → unit price in fen, for ranks that buy below the base price
    // (lib/rankPrice.ts). Kept on the goods row so the editor's version and the catalogue's change
    // log cover it.
    rankPrices: jsonb('rank_prices').$type<RankPrices>().notNull().default({}),
    // The sum of its lots' stock, kept by a trigger on goods_lots (migration catalogue): never written by the app.
    stock: integer('stock').notNull().default(0),
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
    // Optimistic locking of the goods editor: a save names the version it started from.
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('goods_code_uq').on(t.code),
    uniqueIndex('goods_erp_code_uq').on(t.erpCode),
    // Imports find goods by approval number (+ spec + manufacturer).
    index('goods_approval_no_idx').on(t.approvalNo),
    index('goods_line_category_idx').on(t.line, t.categoryId),
    index('goods_manufacturer_idx').on(t.manufacturerId),
    index('goods_brand_idx').on(t.brandId),
    // The goods desk's search (goodsDesk/load.ts) by name, trade name, code, ERP code, approval
    // number, manufacturer or pinyin initials: at 100,000 goods each search read every goods
    // (0.5–0.8 s of the embedded database's one thread, twice per page), 10–40 ms through this.
    // Stock changes (goods.stock, kept from the lots) update no column of it.
    index('goods_desk_search_trgm_idx').using(
      'gin',
      t.name.op('gin_trgm_ops'),
      t.tradeName.op('gin_trgm_ops'),
      t.code.op('gin_trgm_ops'),
      t.erpCode.op('gin_trgm_ops'),
      t.approvalNo.op('gin_trgm_ops'),
      t.sccj.op('gin_trgm_ops'),
      t.nameInitials.op('gin_trgm_ops'),
    ),
    // The same search for a text of two characters, which holds no trigram (感冒, 阿莫, gm): the
    // goods holding it as one of their bigrams (text_bigrams, migration 0027), then the search's
    // own conditions on those. Without it such a search read every goods (~0.85 s at 100,000).
    // Names, maker and initials only: two characters of a code, ERP code or approval number find
    // nothing worth finding, and with them in it an import of 50,000 goods took 148 s, not 125 s.
    index('goods_desk_search_bigram_idx').using('gin', textBigrams(deskBigramColumns(t))),
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

// A goods import (.xlsx/.csv) running in the background: its progress and, at the end, its report.
export const goodsImports = pgTable('goods_imports', {
  id: serial('id').primaryKey(),
  staffId: integer('staff_id').notNull(),
  fileName: text('file_name').notNull(),
  /** a dry run of a large file: planned in the background, nothing written */
  dryRun: boolean('dry_run').notNull().default(false),
  state: text('state').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
  total: integer('total').notNull(),
  done: integer('done').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  refused: integer('refused').notNull().default(0),
  /** the refused rows (and why), kept once the import has ended */
  report: jsonb('report').$type<unknown[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

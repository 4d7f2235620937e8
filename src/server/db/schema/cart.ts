import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './members.ts';
import { goods } from './catalog.ts';

// A cart belongs to the buying company (store), not to the login.
export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    number: integer('number').notNull(),
    isSelected: boolean('is_selected').notNull().default(true),
    type: integer('type').notNull().default(0), // CART_LINE_TYPES (lib/constants.ts)
    // Promotion ids: goods_prices.id for a variant line, combinations.id for a type 3 line (whose
    // goodsId is then the pack's first item); 0 = none, so the unique index treats "none" as one value.
    goodsPriceId: integer('goods_price_id').notNull().default(0),
    ladderPriceId: integer('ladder_price_id'),
    goodsManjianId: integer('goods_manjian_id'),
    isYj: boolean('is_yj').notNull().default(false),
    ckId: text('ck_id').notNull().default(''),
    // Added from /welfare (全场94折): the welfare rate applies when the server finds the goods in the
    // welfare zone (server/promotions/welfare.ts welfareEligible); a forged flag on other goods changes nothing.
    isWelfare: boolean('is_welfare').notNull().default(false),
    // The unit price the buyer saw when adding: a later change is reported as a stale price.
    seenPrice: integer('seen_price'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_lines_company_goods_uq').on(t.companyId, t.goodsId, t.type, t.goodsPriceId),
    index('cart_lines_company_idx').on(t.companyId),
  ],
);

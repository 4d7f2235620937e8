import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DocumentKind } from '#/lib/gspDocuments.ts';
import { goods, goodsLots } from './catalog.ts';

// GSP documents as uploaded by staff, one current file per holder and kind (a new upload replaces
// it; the audit log keeps what was there): a goods' first-business documents (goods_id set), a
// lot's test report (lot_id and goods_id set, kind test_report), the shop's own qualifications
// (neither set).
export const gspDocuments = pgTable(
  'gsp_documents',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id').references(() => goods.id),
    lotId: integer('lot_id').references(() => goodsLots.id),
    kind: text('kind').$type<DocumentKind>().notNull(),
    /** the stored name in the storage area `documents` */
    file: text('file').notNull(),
    /** null: no end date (长期) */
    validUntil: date('valid_until', { mode: 'string' }),
    uploadedBy: integer('uploaded_by').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gsp_documents_goods_kind_uq')
      .on(t.goodsId, t.kind)
      .where(sql`${t.lotId} is null and ${t.goodsId} is not null`),
    uniqueIndex('gsp_documents_lot_uq').on(t.lotId).where(sql`${t.lotId} is not null`),
    uniqueIndex('gsp_documents_shop_kind_uq').on(t.kind).where(sql`${t.goodsId} is null`),
    // the catalogue read model reads a goods' documents and its lots' reports by goods
    index('gsp_documents_goods_idx').on(t.goodsId),
    index('gsp_documents_valid_idx').on(t.validUntil),
  ],
);

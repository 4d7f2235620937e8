// What an approved buyer sees and downloads: a goods' documents and the reports of its lots on
// sale, single files, the shop's own documents. Everyone else is refused as prices are hidden
// from them (lib/gspDocuments hiddenDocuments): a visitor must log in, an unapproved store wait.
import { and, asc, eq, gt } from 'drizzle-orm';
import { hiddenDocuments } from '#/lib/gspDocuments.ts';
import { shopDay } from '#/lib/shopClock.ts';
import { getDb } from '#/server/db/client.ts';
import { goods, goodsLots, orders, shipmentLines, shipments } from '#/server/db/schema/index.ts';
import { forbidden, notFound, unauthenticated } from '#/server/errors.ts';
import { get, type StoredFile } from '#/server/storage.ts';
import {
  documentBaseName,
  type DocumentView,
  type PresentedDocument,
  presentDocument,
  withExtension,
} from './present.ts';
import { documentById, documentsOfGoods, reportsOfLots, shopDocuments } from './records.ts';
import type { ZipEntry } from './download.ts';

/** A buyer reading documents: the session's store, or null for a visitor. */
export type DocumentReader = { companyId: number; isPassed: boolean } | null;

/** Refuses readers who may not see prices, with the placeholder's words. */
export function assertMayRead(
  reader: DocumentReader,
): asserts reader is { companyId: number; isPassed: true } {
  const hidden = hiddenDocuments(reader);
  if (!hidden) return;
  throw reader ? forbidden(hidden.text) : unauthenticated(hidden.text);
}

export interface LotReportView {
  lot_id: number;
  batch_no: string;
  produced_on: string;
  expires_on: string;
  report: DocumentView | null;
}

export interface GoodsDocumentsView {
  goods_id: number;
  documents: DocumentView[];
  lots: LotReportView[];
}

/** The goods' documents and its lots on sale (earliest expiry first) with their reports. */
export async function goodsDocuments(goodsId: number): Promise<GoodsDocumentsView> {
  const db = await getDb();
  const [g] = await db.select({ id: goods.id }).from(goods).where(eq(goods.id, goodsId));
  if (!g) throw notFound('商品不存在');
  const [docs, lots] = await Promise.all([
    documentsOfGoods(db, [goodsId]),
    db
      .select()
      .from(goodsLots)
      .where(and(eq(goodsLots.goodsId, goodsId), gt(goodsLots.stock, 0)))
      .orderBy(asc(goodsLots.expiresOn), asc(goodsLots.id)),
  ]);
  const reports = await reportsOfLots(
    db,
    lots.map((l) => l.id),
  );
  return presentGoodsDocuments(goodsId, docs, lots, reports, shopDay(new Date()));
}

/** The view of a goods' documents and of its lots on sale (in the order given) with their reports. */
export function presentGoodsDocuments(
  goodsId: number,
  docs: readonly PresentedDocument[],
  lots: readonly { id: number; batchNo: string; producedOn: string; expiresOn: string }[],
  reports: ReadonlyMap<number, PresentedDocument>,
  today: string,
): GoodsDocumentsView {
  return {
    goods_id: goodsId,
    documents: docs.map((d) => presentDocument(d, today)),
    lots: lots.map((l) => {
      const r = reports.get(l.id);
      return {
        lot_id: l.id,
        batch_no: l.batchNo,
        produced_on: l.producedOn,
        expires_on: l.expiresOn,
        report: r ? presentDocument(r, today) : null,
      };
    }),
  };
}

/** Whether the store was shipped goods from the lot. */
async function received(companyId: number, lotId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: shipmentLines.id })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipmentLines.lotId, lotId), eq(orders.companyId, companyId)))
    .limit(1);
  return Boolean(row);
}

/**
 * One document's file. Staff (`reader` 'staff') get any; a buyer gets goods and shop documents,
 * and the report of a lot on sale or of one they received (another lot's is not found).
 */
export async function documentFile(
  id: number,
  reader: { companyId: number } | 'staff',
): Promise<StoredFile & { fileName: string }> {
  const db = await getDb();
  const doc = await documentById(db, id);
  if (!doc) throw notFound('资料不存在');
  const [lot] = doc.lotId
    ? await db.select().from(goodsLots).where(eq(goodsLots.id, doc.lotId))
    : [];
  if (lot && reader !== 'staff' && lot.stock <= 0 && !(await received(reader.companyId, lot.id)))
    throw notFound('资料不存在');
  const [g] = doc.goodsId
    ? await db
        .select({ name: goods.name, spec: goods.spec })
        .from(goods)
        .where(eq(goods.id, doc.goodsId))
    : [];
  const file = await get('documents', doc.file);
  if (!file) throw notFound('资料文件不存在');
  return {
    ...file,
    fileName: withExtension(documentBaseName(doc, g ?? null, lot?.batchNo ?? null), file.type),
  };
}

/** The shop's own documents, for the one zip every approved buyer may download. */
export async function shopDocumentEntries(): Promise<ZipEntry[]> {
  const docs = await shopDocuments(await getDb());
  return docs.map((d) => ({
    base: documentBaseName(d, null, null),
    file: d.file,
    at: d.uploadedAt,
  }));
}

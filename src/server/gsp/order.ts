// The documents of one of the store's orders: the first-business documents of every goods it
// bought and the test reports of exactly the lots that were shipped to it (shipment lines), for
// the order page and the 一键下载 zip named by the order number.
import { and, asc, desc, eq, exists, inArray } from 'drizzle-orm';
import { shopDay } from '#/lib/shopClock.ts';
import { getDb } from '#/server/db/client.ts';
import { goods, orderLines, orders, shipments } from '#/server/db/schema/index.ts';
import { shipmentsOf } from '#/server/fulfilment/shipments.ts';
import { ownOrder } from '#/server/orders/own.ts';
import { documentBaseName, type DocumentView, presentDocument } from './present.ts';
import { documentsOfGoods, reportsOfLots } from './records.ts';
import type { ZipEntry } from './download.ts';

export interface OrderGoodsDocuments {
  goods_id: number;
  name: string;
  spec: string;
  documents: DocumentView[];
  /** the lots received of this goods, each with its report when uploaded */
  lots: {
    lot_id: number;
    batch_no: string;
    expires_on: string | null;
    report: DocumentView | null;
  }[];
}

export interface OrderDocuments {
  order_id: number;
  order_no: string;
  goods: OrderGoodsDocuments[];
  /** how many files the zip holds */
  file_count: number;
  zip_url: string;
}

async function collect(companyId: number, orderId: number) {
  const o = await ownOrder(companyId, orderId);
  const db = await getDb();
  const [lines, records] = await Promise.all([
    db
      .select({ id: orderLines.id, goodsId: orderLines.goodsId })
      .from(orderLines)
      .where(eq(orderLines.orderId, o.id))
      .orderBy(asc(orderLines.id)),
    shipmentsOf(db, [o.id]),
  ]);
  const goodsIds = [...new Set(lines.map((l) => l.goodsId))];
  const goodsOfLine = new Map(lines.map((l) => [l.id, l.goodsId]));
  const shipped = new Map<number, { goodsId: number; batchNo: string; expiresOn: string | null }>();
  for (const l of records.flatMap((r) => r.lines))
    if (l.lotId !== null && !shipped.has(l.lotId))
      shipped.set(l.lotId, {
        goodsId: goodsOfLine.get(l.orderLineId)!,
        batchNo: l.batchNo,
        expiresOn: l.expiresOn,
      });
  const [names, docs, reports] = await Promise.all([
    goodsIds.length
      ? db
          .select({ id: goods.id, name: goods.name, spec: goods.spec })
          .from(goods)
          .where(inArray(goods.id, goodsIds))
      : [],
    documentsOfGoods(db, goodsIds),
    reportsOfLots(db, [...shipped.keys()]),
  ]);
  return { o, goodsIds, shipped, names: new Map(names.map((g) => [g.id, g])), docs, reports };
}

export async function orderDocuments(companyId: number, orderId: number): Promise<OrderDocuments> {
  const { o, goodsIds, shipped, names, docs, reports } = await collect(companyId, orderId);
  const today = shopDay(new Date());
  const view = goodsIds.map((id) => {
    const lots = [...shipped].filter(([, s]) => s.goodsId === id);
    return {
      goods_id: id,
      name: names.get(id)?.name ?? '',
      spec: names.get(id)?.spec ?? '',
      documents: docs.filter((d) => d.goodsId === id).map((d) => presentDocument(d, today)),
      lots: lots.map(([lotId, s]) => {
        const r = reports.get(lotId);
        return {
          lot_id: lotId,
          batch_no: s.batchNo,
          expires_on: s.expiresOn,
          report: r ? presentDocument(r, today) : null,
        };
      }),
    };
  });
  return {
    order_id: o.id,
    order_no: o.no,
    goods: view,
    file_count: docs.length + reports.size,
    zip_url: `/api/order/${o.id}/documents`,
  };
}

/** The zip's name and files: goods documents first, then the reports of the lots received. */
export async function orderDocumentEntries(
  companyId: number,
  orderId: number,
): Promise<{ fileName: string; entries: ZipEntry[] }> {
  const { o, shipped, names, docs, reports } = await collect(companyId, orderId);
  const entries: ZipEntry[] = docs.map((d) => ({
    base: documentBaseName(d, names.get(d.goodsId!) ?? null, null),
    file: d.file,
    at: d.uploadedAt,
  }));
  for (const [lotId, r] of reports) {
    const s = shipped.get(lotId)!;
    entries.push({
      base: documentBaseName(r, names.get(s.goodsId) ?? null, s.batchNo),
      file: r.file,
      at: r.uploadedAt,
    });
  }
  return { fileName: `${o.no}.zip`, entries };
}

/** The store's latest orders with something shipped: where their reports are downloaded. */
export async function shippedOrders(companyId: number, limit = 10) {
  const db = await getDb();
  return db
    .select({ id: orders.id, no: orders.no, status: orders.status, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        exists(
          db.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, orders.id)),
        ),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(limit);
}

// 随货同行单: what one shipment carried, as the paper that travels with it and that the buyer
// files for GSP — goods, spec, manufacturer, approval number, batch, dates, quantity, codes,
// consignee and the shop that ships. Staff may print any; a store only its own orders'.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { companies, goods, orderLines, orders, shipments } from '#/server/db/schema/index.ts';
import { parseRecordId } from '#/lib/ids.ts';
import { isDomainError, notFound } from '#/server/errors.ts';
import { shopIdentity } from '#/server/operator.ts';
import { shipmentsOf } from './shipments.ts';

/** The note of shipment `shipmentId` of order `orderId`; `companyId` limits it to that store's. */
export async function deliveryNote(orderId: number, shipmentId: number, companyId?: number) {
  const db = await getDb();
  const [found] = await db
    .select({ order: orders, companyName: companies.name })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(shipments, and(eq(shipments.orderId, orders.id), eq(shipments.id, shipmentId)))
    .where(
      and(
        eq(orders.id, orderId),
        companyId === undefined ? undefined : eq(orders.companyId, companyId),
      ),
    )
    .limit(1);
  if (!found) throw notFound('随货同行单不存在');
  const record = (await shipmentsOf(db, [orderId])).find((s) => s.shipment.id === shipmentId)!;
  const lineIds = record.lines.map((l) => l.orderLineId);
  const lines = await db
    .select({ line: orderLines, approvalNo: goods.approvalNo })
    .from(orderLines)
    .innerJoin(goods, eq(goods.id, orderLines.goodsId))
    .where(inArray(orderLines.id, lineIds.length ? lineIds : [0]))
    .orderBy(asc(orderLines.id));
  return {
    shop: await shopIdentity(),
    order: { id: found.order.id, no: found.order.no, createdAt: found.order.createdAt },
    buyer: found.companyName,
    consignee: found.order.address,
    shipment: record.shipment,
    rows: record.lines.map((l) => {
      const ol = lines.find((x) => x.line.id === l.orderLineId);
      return {
        name: ol?.line.name ?? '',
        spec: ol?.line.spec ?? '',
        manufacturer: ol?.line.sccj ?? '',
        approvalNo: l.lotId === null ? '' : (ol?.approvalNo ?? ''),
        unit: ol?.line.bzdw ?? '',
        batchNo: l.batchNo,
        producedOn: l.producedOn,
        expiresOn: l.expiresOn,
        number: l.number,
        codes: l.codes,
      };
    }),
  };
}

export type DeliveryNote = Awaited<ReturnType<typeof deliveryNote>>;

/** The note for a page's route parameters, or null (the page shows 404) when there is none. */
export async function deliveryNoteForPage(
  idParam: string | undefined,
  sidParam: string | undefined,
  companyId?: number,
): Promise<DeliveryNote | null> {
  const id = parseRecordId(idParam);
  const sid = parseRecordId(sidParam);
  if (id === null || sid === null) return null;
  try {
    return await deliveryNote(id, sid, companyId);
  } catch (e) {
    if (isDomainError(e, 'NOT_FOUND')) return null;
    throw e;
  }
}

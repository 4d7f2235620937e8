// What left the warehouse for an order: its shipments, what each carried of which line from which
// lot, and the traceability codes scanned for it. Read by the buyer's order pages and by staff.
import { asc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#/server/db/client.ts';
import { shipmentLines, shipments, traceCodes } from '#/server/db/schema/index.ts';

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentLineRow = typeof shipmentLines.$inferSelect;

export type ShipmentRecord = {
  shipment: ShipmentRow;
  lines: (ShipmentLineRow & { codes: string[] })[];
};

/** The shipments of the orders, oldest first, with their lines and codes. */
export async function shipmentsOf(
  q: Db | Tx,
  orderIds: readonly number[],
): Promise<ShipmentRecord[]> {
  if (orderIds.length === 0) return [];
  const rows = await q
    .select()
    .from(shipments)
    .where(inArray(shipments.orderId, [...orderIds]))
    .orderBy(asc(shipments.id));
  if (rows.length === 0) return [];
  const lines = await q
    .select()
    .from(shipmentLines)
    .where(
      inArray(
        shipmentLines.shipmentId,
        rows.map((s) => s.id),
      ),
    )
    .orderBy(asc(shipmentLines.id));
  const codes = lines.length
    ? await q
        .select({ lineId: traceCodes.shipmentLineId, code: traceCodes.code })
        .from(traceCodes)
        .where(
          inArray(
            traceCodes.shipmentLineId,
            lines.map((l) => l.id),
          ),
        )
        .orderBy(asc(traceCodes.id))
    : [];
  return rows.map((shipment) => ({
    shipment,
    lines: lines
      .filter((l) => l.shipmentId === shipment.id)
      .map((l) => ({ ...l, codes: codes.filter((c) => c.lineId === l.id).map((c) => c.code) })),
  }));
}

/** Units of an order line shipped so far. */
export function shippedUnits(records: readonly ShipmentRecord[], orderLineId: number): number {
  return records
    .flatMap((r) => r.lines)
    .filter((l) => l.orderLineId === orderLineId)
    .reduce((s, l) => s + l.number, 0);
}

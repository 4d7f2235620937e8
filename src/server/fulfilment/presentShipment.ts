// A shipment on the wire, as the buyer's order pages and the order desk both show it: carrier,
// tracking number, and per line the lot, its dates, the units and the traceability codes.
import type { OrderLineRow } from '#/server/orders/model.ts';
import { shopIso } from '#/lib/shopClock.ts';
import type { ShipmentRecord } from './shipments.ts';

export function presentShipment(r: ShipmentRecord, lines: readonly OrderLineRow[]) {
  return {
    id: r.shipment.id,
    carrier: r.shipment.carrier,
    tracking_no: r.shipment.trackingNo,
    shipped_at: shopIso(r.shipment.shippedAt),
    lines: r.lines.map((l) => {
      const ol = lines.find((x) => x.id === l.orderLineId);
      return {
        order_line_id: l.orderLineId,
        name: ol?.name ?? '',
        ypgg: ol?.spec ?? '',
        bzdw: ol?.bzdw ?? '',
        lot_id: l.lotId,
        batch_no: l.batchNo,
        produced_on: l.producedOn,
        expires_on: l.expiresOn,
        number: l.number,
        codes: l.codes,
      };
    }),
  };
}

// Which lot a shipped line's units come from. The order reserved stock per lot when it was placed;
// the warehouse may pick another lot of the same goods: then the reservation moves with it (the
// reserved lot gets its units back, the picked lot gives them up, never below zero).
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '#/server/db/client.ts';
import { goodsLots, stockReservations } from '#/server/db/schema/index.ts';
import { invalid } from '#/server/errors.ts';
import type { Touched } from '#/server/orders/stock.ts';
import type { LotRow } from './detail.ts';

export type Reserved = { rowId: number; number: number; expiresOn: string };

/** One order line's reservation by lot and what has been shipped of it from each lot. */
export type LinePick = {
  orderId: number;
  orderLineId: number;
  goodsId: number;
  reserved: Map<number, Reserved>;
  shipped: Map<number, number>;
};

/** Reserved units on the lot not yet shipped. */
export const freeOn = (pick: LinePick, lotId: number): number =>
  (pick.reserved.get(lotId)?.number ?? 0) - (pick.shipped.get(lotId) ?? 0);

/** The reserved lot (earliest expiry first) that alone still holds `units`, if any. */
export function defaultLot(pick: LinePick, units: number): number | null {
  const lots = [...pick.reserved.entries()].sort(
    ([a, x], [b, y]) => x.expiresOn.localeCompare(y.expiresOn) || a - b,
  );
  return lots.find(([lot]) => freeOn(pick, lot) >= units)?.[0] ?? null;
}

export function markShipped(pick: LinePick, lotId: number, units: number): void {
  pick.shipped.set(lotId, (pick.shipped.get(lotId) ?? 0) + units);
}

export type LotMove = { order_line_id: number; from_lot: number; to_lot: number; number: number };

/**
 * Makes `units` of the line's reservation sit on `lot` before they ship from it, moving units
 * from the line's other reserved lots when needed. `field` names the form field for errors.
 */
export async function reserveOnLot(
  tx: Tx,
  touched: Touched,
  pick: LinePick,
  lot: LotRow,
  units: number,
  field: string,
): Promise<LotMove[]> {
  let need = units - Math.max(0, freeOn(pick, lot.id));
  if (need <= 0) return [];
  const taken = await tx
    .update(goodsLots)
    .set({ stock: sql`${goodsLots.stock} - ${need}` })
    .where(and(eq(goodsLots.id, lot.id), sql`${goodsLots.stock} >= ${need}`))
    .returning({ id: goodsLots.id });
  if (taken.length === 0)
    throw invalid(field, `批号${lot.batchNo}库存不足，请选择其他批号或减少发货数量`);
  touched.add(pick.goodsId);
  const moves: LotMove[] = [];
  const moved = need;
  for (const [donor, r] of pick.reserved) {
    if (need === 0) break;
    if (donor === lot.id) continue;
    const give = Math.min(need, freeOn(pick, donor));
    if (give <= 0) continue;
    await tx
      .update(goodsLots)
      .set({ stock: sql`${goodsLots.stock} + ${give}` })
      .where(eq(goodsLots.id, donor));
    r.number -= give;
    if (r.number === 0) {
      await tx.delete(stockReservations).where(eq(stockReservations.id, r.rowId));
      pick.reserved.delete(donor);
    } else {
      await tx
        .update(stockReservations)
        .set({ number: r.number })
        .where(eq(stockReservations.id, r.rowId));
    }
    moves.push({ order_line_id: pick.orderLineId, from_lot: donor, to_lot: lot.id, number: give });
    need -= give;
  }
  // The caller checked that the line has `units` unshipped, so its other lots covered the move.
  const own = pick.reserved.get(lot.id);
  if (own) {
    own.number += moved;
    await tx
      .update(stockReservations)
      .set({ number: own.number })
      .where(eq(stockReservations.id, own.rowId));
  } else {
    const [row] = await tx
      .insert(stockReservations)
      .values({
        orderId: pick.orderId,
        orderLineId: pick.orderLineId,
        lotId: lot.id,
        batchNo: lot.batchNo,
        expiresOn: lot.expiresOn,
        number: moved,
      })
      .returning({ id: stockReservations.id });
    pick.reserved.set(lot.id, { rowId: row!.id, number: moved, expiresOn: lot.expiresOn });
  }
  return moves;
}

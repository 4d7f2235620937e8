// Stock of goods lots: reserved per order line (lotChoice.ts), released on cancel or
// timeout. Always `UPDATE … WHERE stock >= n`, so stock never goes negative under concurrency.
// The goods' own stock is the sum of its lots, kept by the database (migration catalogue).
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { invalidate } from '#/server/cache.ts';
import { getDb, type Tx } from '#/server/db/client.ts';
import { rows } from '#/server/db/rows.ts';
import { goods, goodsLots, stockReservations } from '#/server/db/schema/index.ts';
import { nearExpiryOnly, outOfStock } from '#/server/errors.ts';
import { chooseLots } from './lotChoice.ts';

/** Goods whose stock a transaction changed. */
export type Touched = Set<number>;

/** A transaction that changes stock; goods cards read the goods it touched fresh once it has ended. */
export async function stockTransaction<T>(
  fn: (tx: Tx, touched: Touched) => Promise<T>,
): Promise<T> {
  const touched: Touched = new Set();
  const db = await getDb();
  try {
    // PostgreSQL may still pick one of two transactions as a deadlock victim or refuse a
    // serialisation: the whole transaction rolled back, so running it again is safe.
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction((tx) => fn(tx, touched));
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
        await new Promise((r) => setTimeout(r, 10 * attempt + Math.random() * 20));
      }
    }
  } finally {
    invalidate({ goods: touched });
  }
}

const MAX_ATTEMPTS = 3;
// deadlock_detected, serialization_failure (drizzle wraps the driver's error as its cause)
const RETRYABLE = new Set(['40P01', '40001']);
function isRetryable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export type Reservation = {
  orderId: number;
  orderLineId: number;
  goodsId: number;
  quantity: number;
  /** for the out-of-stock message */
  name: string;
  /** the lot a near-expiry variant sells, when the line is bought at that price: its only lot */
  ownLot?: number | null;
};

type LockedLot = typeof goodsLots.$inferSelect;

/**
 * Takes each line's quantity from the lots it may receive (lotChoice.ts), in line order; out of
 * stock when short. An order's lines are reserved together: the same few statements whatever the
 * number of lines (they were six per line), each lot still taken with `stock >= n`.
 */
export async function reserveAll(
  tx: Tx,
  touched: Touched,
  reservations: readonly Reservation[],
  /** the lots the near-expiry zone discounts now (cart/catalogue OrderCatalogue.discountedLots) */
  discountedLots: (goodsIds: readonly number[]) => Promise<Set<number>>,
): Promise<void> {
  if (reservations.length === 0) return;
  const goodsIds = [...new Set(reservations.map((r) => r.goodsId))].sort((a, b) => a - b);
  const locked = await tx
    .select()
    .from(goodsLots)
    .where(and(inArray(goodsLots.goodsId, goodsIds), gt(goodsLots.stock, 0)))
    .orderBy(asc(goodsLots.id))
    .for('update');
  const discounted = await discountedLots(goodsIds);
  // What is left on each lot as earlier lines of this order take from it.
  const left = new Map(locked.map((l) => [l.id, { ...l }]));
  const lotsOf = new Map<number, LockedLot[]>();
  for (const l of left.values()) lotsOf.set(l.goodsId, [...(lotsOf.get(l.goodsId) ?? []), l]);
  const takes: { r: Reservation; lot: LockedLot; units: number }[] = [];
  for (const r of reservations) {
    const choice = chooseLots(
      lotsOf.get(r.goodsId) ?? [],
      r.quantity,
      r.ownLot ?? null,
      discounted,
    );
    if (choice.missing > 0) {
      if (choice.discountedStock > 0) throw nearExpiryOnly(r.name, r.quantity - choice.missing);
      throw outOfStock(r.name);
    }
    for (const { lot, units } of choice.takes) {
      takes.push({ r, lot: { ...lot }, units });
      lot.stock -= units;
    }
  }
  const perLot = new Map<number, number>();
  for (const t of takes) perLot.set(t.lot.id, (perLot.get(t.lot.id) ?? 0) + t.units);
  const sold = new Map<number, number>();
  for (const r of reservations) sold.set(r.goodsId, (sold.get(r.goodsId) ?? 0) + r.quantity);
  const values = (m: Map<number, number>) =>
    sql.join(
      [...m].map(([id, units]) => sql`(${id}::int, ${units}::int)`),
      sql`, `,
    );
  // The rows are locked FOR UPDATE above: the guard only keeps stock from ever going negative.
  // goods.stock follows its lots by a database trigger (migration catalogue); sales is ours, added
  // in the same statement (a short lot rolls the whole transaction back).
  const done = await rows<{ id: number }>(
    tx,
    sql`
    WITH sold AS (
      UPDATE goods SET sales = goods.sales + v.units
      FROM (VALUES ${values(sold)}) AS v(id, units)
      WHERE goods.id = v.id
    )
    UPDATE goods_lots SET stock = goods_lots.stock - v.units
    FROM (VALUES ${values(perLot)}) AS v(id, units)
    WHERE goods_lots.id = v.id AND goods_lots.stock >= v.units
    RETURNING goods_lots.id`,
  );
  if (done.length !== perLot.size) {
    const taken = new Set(done.map((d) => Number(d.id)));
    throw outOfStock((takes.find((t) => !taken.has(t.lot.id)) ?? takes[0]!).r.name);
  }
  await tx.insert(stockReservations).values(
    takes.map(({ r, lot, units }) => ({
      orderId: r.orderId,
      orderLineId: r.orderLineId,
      lotId: lot.id,
      batchNo: lot.batchNo,
      expiresOn: lot.expiresOn,
      number: units,
    })),
  );
  for (const id of goodsIds) touched.add(id);
}

/** Puts the unreleased reservations of the orders back once; their coupons come back too. */
export async function releaseStock(tx: Tx, touched: Touched, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const released = await tx
    .update(stockReservations)
    .set({ releasedAt: new Date() })
    .where(and(inArray(stockReservations.orderId, orderIds), isNull(stockReservations.releasedAt)))
    .returning({ lotId: stockReservations.lotId, number: stockReservations.number });
  for (const r of released) {
    const [lot] = await tx
      .update(goodsLots)
      .set({ stock: sql`${goodsLots.stock} + ${r.number}` })
      .where(eq(goodsLots.id, r.lotId))
      .returning({ goodsId: goodsLots.goodsId });
    touched.add(lot!.goodsId);
    await tx
      .update(goods)
      .set({ sales: sql`greatest(${goods.sales} - ${r.number}, 0)` })
      .where(eq(goods.id, lot!.goodsId));
  }
  await tx.execute(
    sql`UPDATE coupons SET used_order_id = NULL, used_at = NULL WHERE used_order_id IN (${sql.join(
      orderIds.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
}

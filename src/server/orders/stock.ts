// Stock of goods lots: reserved per order line (lotChoice.ts), released on cancel or
// timeout. Always `UPDATE … WHERE stock >= n`, so stock never goes negative under concurrency.
// The goods' own stock is the sum of its lots, kept by the database (migration catalogue).
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { invalidate } from '#/server/cache.ts';
import { getDb, type Tx } from '#/server/db/client.ts';
import { goods, goodsLots, stockReservations } from '#/server/db/schema/index.ts';
import { nearExpiryOnly, outOfStock } from '#/server/errors.ts';
import { discountedLots } from '#/server/promotions/variants.ts';
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

/** Takes the quantity from the lots the line may receive (lotChoice.ts); out of stock when short. */
export async function reserve(tx: Tx, touched: Touched, r: Reservation): Promise<void> {
  const lots = await tx
    .select()
    .from(goodsLots)
    .where(and(eq(goodsLots.goodsId, r.goodsId), gt(goodsLots.stock, 0)))
    .orderBy(asc(goodsLots.id))
    .for('update');
  const choice = chooseLots(
    lots,
    r.quantity,
    r.ownLot ?? null,
    await discountedLots(tx, [r.goodsId]),
  );
  if (choice.missing > 0) {
    if (choice.discountedStock > 0) throw nearExpiryOnly(r.name, r.quantity - choice.missing);
    throw outOfStock(r.name);
  }
  for (const { lot, units } of choice.takes) {
    // The rows are locked FOR UPDATE above: the guard only keeps stock from ever going negative.
    const done = await tx
      .update(goodsLots)
      .set({ stock: sql`${goodsLots.stock} - ${units}` })
      .where(and(eq(goodsLots.id, lot.id), sql`${goodsLots.stock} >= ${units}`))
      .returning({ id: goodsLots.id });
    if (done.length === 0) throw outOfStock(r.name);
    await tx.insert(stockReservations).values({
      orderId: r.orderId,
      orderLineId: r.orderLineId,
      lotId: lot.id,
      batchNo: lot.batchNo,
      expiresOn: lot.expiresOn,
      number: units,
    });
  }
  touched.add(r.goodsId);
  // goods.stock follows its lots by a database trigger (migration catalogue); sales is ours.
  await tx
    .update(goods)
    .set({ sales: sql`${goods.sales} + ${r.quantity}` })
    .where(eq(goods.id, r.goodsId));
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

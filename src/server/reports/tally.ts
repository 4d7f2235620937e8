// Keeps the reports' pre-summed figures (db/schema/reports.ts) current. Orders, lines and payments
// are counted inside the transaction that places, pays or cancels the order, so the figures can
// never disagree with the orders (a job rebuilding closed days would miss an order of last week
// cancelled today). Page views never change once written: closed days are summed once, on the
// first report that needs them, and today's are read live.
import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { shopDay, shopDayBounds } from '#/lib/shopClock.ts';
import { getDb, type Tx } from '#/server/db/client.ts';
import {
  orderLines,
  orders,
  pageViews,
  reportGoodsDays,
  reportGoodsMonths,
  reportPaymentDays,
  reportRollups,
  reportStoreDays,
  reportVisitDays,
} from '#/server/db/schema/index.ts';

/** The shop day (Beijing time, a fixed UTC+8) of a timestamp column, as a date. */
export const shopDate = (column: PgColumn) =>
  sql`((${column} AT TIME ZONE 'UTC') + interval '8 hours')::date`;

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Adds orders just placed (sign 1) or takes away orders just cancelled (sign -1): the store-day,
 * goods-day and goods-month sums in one statement (it runs inside every order's transaction).
 */
async function count(tx: Tx, orderIds: number[], sign: 1 | -1): Promise<void> {
  if (!orderIds.length) return;
  const day = shopDate(orders.createdAt);
  const ids = idList(orderIds);
  // Rows in key order, so two transactions lock shared rows in the same order (no deadlock); the
  // statement's parts run in one fixed order too.
  await tx.execute(sql`
    WITH stores AS (
      INSERT INTO ${reportStoreDays} (day, company_id, orders, amount)
      SELECT ${day}, ${orders.companyId}, ${sign} * count(*), ${sign} * sum(${orders.payableAmount})
      FROM ${orders} WHERE ${orders.id} IN (${ids})
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (day, company_id) DO UPDATE SET
        orders = ${reportStoreDays}.orders + excluded.orders,
        amount = ${reportStoreDays}.amount + excluded.amount
      RETURNING 1
    ), goods_lines AS (
      SELECT ${day} AS day, ${orderLines.goodsId} AS goods_id, sum(${orderLines.number}) AS units,
             count(*) AS lines, sum(${orderLines.amount} - ${orderLines.discount}) AS amount
      FROM ${orderLines} JOIN ${orders} ON ${orders.id} = ${orderLines.orderId}
      WHERE ${orders.id} IN (${ids})
      GROUP BY 1, 2
    ), months AS (
      INSERT INTO ${reportGoodsMonths} (month, goods_id, units, lines, amount)
      SELECT date_trunc('month', day)::date, goods_id, ${sign} * sum(units), ${sign} * sum(lines),
             ${sign} * sum(amount)
      FROM goods_lines GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (month, goods_id) DO UPDATE SET
        units = ${reportGoodsMonths}.units + excluded.units,
        lines = ${reportGoodsMonths}.lines + excluded.lines,
        amount = ${reportGoodsMonths}.amount + excluded.amount
      RETURNING 1
    )
    INSERT INTO ${reportGoodsDays} (day, goods_id, units, lines, amount)
    SELECT day, goods_id, ${sign} * units, ${sign} * lines, ${sign} * amount
    FROM goods_lines ORDER BY 1, 2
    ON CONFLICT (day, goods_id) DO UPDATE SET
      units = ${reportGoodsDays}.units + excluded.units,
      lines = ${reportGoodsDays}.lines + excluded.lines,
      amount = ${reportGoodsDays}.amount + excluded.amount`);
}

/** Inside the transaction that placed the orders, once their lines are written. */
export const tallyPlaced = (tx: Tx, orderIds: number[]) => count(tx, orderIds, 1);

/** Inside the transaction that cancelled the orders (none of them cancelled before). */
export const untallyCancelled = (tx: Tx, orderIds: number[]) => count(tx, orderIds, -1);

/** Inside the transaction that marked the order paid: its day of paying and method. */
export async function tallyPaid(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${reportPaymentDays} (day, method, orders, amount)
    SELECT ${shopDate(orders.paidAt)}, ${orders.payMethod}, 1, ${orders.payableAmount}
    FROM ${orders} WHERE ${orders.id} = ${orderId}
    ON CONFLICT (day, method) DO UPDATE SET
      orders = ${reportPaymentDays}.orders + 1,
      amount = ${reportPaymentDays}.amount + excluded.amount`);
}

/**
 * The order and payment sums counted anew from the orders themselves. Only the demo seed needs it:
 * its history is placed now and then moved back to the days it stands for (demo/backdate.ts).
 */
export async function recountOrders(tx: Tx): Promise<void> {
  await tx.delete(reportStoreDays);
  await tx.delete(reportGoodsDays);
  await tx.delete(reportGoodsMonths);
  await tx.delete(reportPaymentDays);
  const kept = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(sql`${orders.status} <> 'cancelled'`);
  await count(
    tx,
    kept.map((o) => o.id),
    1,
  );
  const paid = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(sql`${orders.paidAt} IS NOT NULL`);
  for (const o of paid) await tallyPaid(tx, o.id);
}

const DAY_MS = 86_400_000;
const VISITS = 'visits';

/**
 * Sums the page views of the closed days not summed yet, and answers the last day summed (views
 * after it are read live). One process does it; the others wait on the row and find it done.
 */
export async function visitsSummedThrough(): Promise<string> {
  const yesterday = shopDay(new Date(Date.now() - DAY_MS));
  const db = await getDb();
  const read = async (q: typeof db | Tx, lock: boolean) => {
    const s = q
      .select({ through: reportRollups.through })
      .from(reportRollups)
      .where(eq(reportRollups.name, VISITS));
    const [row] = await (lock ? s.for('update') : s);
    return row?.through ?? null;
  };
  const through = await read(db, false);
  if (through !== null && through >= yesterday) return through;
  return db.transaction(async (tx) => {
    const last = await read(tx, true);
    if (last !== null && last >= yesterday) return last;
    const from = last === null ? null : shopDayBounds(last).end;
    const to = shopDayBounds(yesterday).end;
    await tx.execute(sql`
      INSERT INTO ${reportVisitDays} (day, account_id, views)
      SELECT ${shopDate(pageViews.at)}, coalesce(${pageViews.accountId}, 0), count(*)
      FROM ${pageViews}
      WHERE ${pageViews.at} < ${to.toISOString()}::timestamptz
        ${from ? sql`AND ${pageViews.at} >= ${from.toISOString()}::timestamptz` : sql``}
      GROUP BY 1, 2
      ON CONFLICT (day, account_id) DO NOTHING`);
    await tx
      .insert(reportRollups)
      .values({ name: VISITS, through: yesterday })
      .onConflictDoUpdate({ target: reportRollups.name, set: { through: yesterday } });
    return yesterday;
  });
}

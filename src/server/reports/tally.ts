// Keeps the reports' pre-summed figures (db/schema/reports.ts) current. Orders, lines and payments
// are counted inside the transaction that places, pays or cancels the order, so the figures can
// never disagree with the orders (a job rebuilding closed days would miss an order of last week
// cancelled today). Page views never change once written: closed days are summed once, on the
// first report that needs them, and today's are read live.
import { eq, type SQL, sql } from 'drizzle-orm';
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

/** Adds orders just placed (sign 1) or takes away orders just cancelled (sign -1). */
async function count(tx: Tx, orderIds: number[], sign: 1 | -1): Promise<void> {
  if (!orderIds.length) return;
  const day = shopDate(orders.createdAt);
  // Rows in key order, so two transactions lock shared rows in the same order (no deadlock).
  await tx.execute(sql`
    INSERT INTO ${reportStoreDays} (day, company_id, orders, amount)
    SELECT ${day}, ${orders.companyId}, ${sign} * count(*), ${sign} * sum(${orders.payableAmount})
    FROM ${orders} WHERE ${orders.id} IN (${idList(orderIds)})
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, company_id) DO UPDATE SET
      orders = ${reportStoreDays}.orders + excluded.orders,
      amount = ${reportStoreDays}.amount + excluded.amount`);
  await goodsSums(tx, orderIds, sign, reportGoodsDays, 'day', day);
  await goodsSums(
    tx,
    orderIds,
    sign,
    reportGoodsMonths,
    'month',
    sql`date_trunc('month', ${day})::date`,
  );
}

/** The orders' lines by goods into the daily or the monthly sums. */
async function goodsSums(
  tx: Tx,
  orderIds: number[],
  sign: 1 | -1,
  into: typeof reportGoodsDays | typeof reportGoodsMonths,
  period: 'day' | 'month',
  periodOf: SQL,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${into} (${sql.identifier(period)}, goods_id, units, lines, amount)
    SELECT ${periodOf}, ${orderLines.goodsId}, ${sign} * sum(${orderLines.number}), ${sign} * count(*),
           ${sign} * sum(${orderLines.amount} - ${orderLines.discount})
    FROM ${orderLines} JOIN ${orders} ON ${orders.id} = ${orderLines.orderId}
    WHERE ${orders.id} IN (${idList(orderIds)})
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (${sql.identifier(period)}, goods_id) DO UPDATE SET
      units = ${into}.units + excluded.units,
      lines = ${into}.lines + excluded.lines,
      amount = ${into}.amount + excluded.amount`);
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

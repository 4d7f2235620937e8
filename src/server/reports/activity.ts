// The rest of the dashboard for a period: new stores and licence approvals, payments by method,
// refunds, and page views. Amounts in fen.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { companies, licences, orders, pageViews, refunds } from '#/server/db/schema/index.ts';
import type { ReportRange } from './forms.ts';
import { bucketKey, bucketLabel, bucketsOf, within } from './period.ts';

const n = sql<number>`count(*)::int`;

/** New stores registered and licences approved, per period. */
export async function signups(r: ReportRange) {
  const db = await getDb();
  const regKey = bucketKey(companies.createdAt, r.by);
  const apprKey = bucketKey(licences.reviewedAt, r.by);
  const registered = bucketLabel(regKey, r.by);
  const approved = bucketLabel(apprKey, r.by);
  const [reg, appr] = await Promise.all([
    db
      .select({ period: registered, n })
      .from(companies)
      .where(within(companies.createdAt, r))
      .groupBy(regKey),
    db
      .select({ period: approved, n })
      .from(licences)
      .where(and(eq(licences.state, 'approved'), within(licences.reviewedAt, r)))
      .groupBy(apprKey),
  ]);
  const count = (rows: { period: string | null; n: number }[], period: string) =>
    Number(rows.find((x) => x.period === period)?.n ?? 0);
  return bucketsOf(r).map((period) => ({
    period,
    registered: count(reg, period),
    approved: count(appr, period),
  }));
}

/** Orders paid in the period by how they were paid. */
export async function paymentsByMethod(r: ReportRange) {
  const db = await getDb();
  const rows = await db
    .select({
      method: orders.payMethod,
      orders: n,
      amount: sql<number>`sum(${orders.payableAmount})::bigint`,
    })
    .from(orders)
    .where(and(isNotNull(orders.payMethod), within(orders.paidAt, r)))
    .groupBy(orders.payMethod);
  return rows.map((p) => ({ ...p, amount: Number(p.amount) }));
}

/** Refunds made in the period, by the way the money goes back and where they stand. */
export async function refundsByMethod(r: ReportRange) {
  const db = await getDb();
  const rows = await db
    .select({
      method: refunds.method,
      status: refunds.status,
      count: n,
      amount: sql<number>`sum(${refunds.amount})::bigint`,
    })
    .from(refunds)
    .where(within(refunds.createdAt, r))
    .groupBy(refunds.method, refunds.status);
  return rows.map((x) => ({ ...x, amount: Number(x.amount) }));
}

/** Page views and signed-in visitors per period and in all (one scan, GROUPING SETS). */
export async function traffic(r: ReportRange) {
  const db = await getDb();
  const key = bucketKey(pageViews.at, r.by);
  const rows = await db
    .select({
      period: bucketLabel(key, r.by),
      views: n,
      visitors: sql<number>`count(distinct ${pageViews.accountId})::int`,
    })
    .from(pageViews)
    .where(within(pageViews.at, r))
    .groupBy(sql`GROUPING SETS ((${key}), ())`);
  const byPeriod = new Map(rows.map((p) => [p.period, p]));
  const total = byPeriod.get(null);
  return {
    views: Number(total?.views ?? 0),
    visitors: Number(total?.visitors ?? 0),
    series: bucketsOf(r).map((period) => ({
      period,
      views: Number(byPeriod.get(period)?.views ?? 0),
      visitors: Number(byPeriod.get(period)?.visitors ?? 0),
    })),
  };
}

// The rest of the dashboard for a period: new stores and licence approvals, payments by method,
// refunds, and page views. Amounts in fen. Payments and the closed days' page views come from the
// per-day sums (tally.ts); stores, licences and refunds are few enough to count as they are.
import { and, eq, sql } from 'drizzle-orm';
import { shopDayBounds } from '#/lib/shopClock.ts';
import { getDb } from '#/server/db/client.ts';
import {
  companies,
  licences,
  pageViews,
  refunds,
  reportPaymentDays,
  reportVisitDays,
} from '#/server/db/schema/index.ts';
import { rows as rawRows } from '#/server/db/rows.ts';
import type { ReportRange } from './forms.ts';
import { bucketKey, bucketLabel, bucketsOf, dayBucketKey, within, withinDays } from './period.ts';
import { shopDate, visitsSummedThrough } from './tally.ts';

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
      method: reportPaymentDays.method,
      orders: sql<number>`sum(${reportPaymentDays.orders})::int`,
      amount: sql<number>`sum(${reportPaymentDays.amount})::bigint`,
    })
    .from(reportPaymentDays)
    .where(withinDays(reportPaymentDays.day, r))
    .groupBy(reportPaymentDays.method);
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

/**
 * Page views and signed-in visitors per period and in all (one scan, GROUPING SETS): the summed
 * closed days and, live, the views after them (today's), one row per day and account either way.
 */
export async function traffic(r: ReportRange) {
  const through = await visitsSummedThrough();
  const db = await getDb();
  const key = dayBucketKey(sql`v.day`, r.by);
  const liveFrom = shopDayBounds(through).end;
  const rows = await rawRows<{ period: string | null; views: number; visitors: number }>(
    db,
    sql`
    SELECT ${bucketLabel(key, r.by)} AS period, sum(v.views)::int AS views,
           count(distinct nullif(v.account_id, 0))::int AS visitors
    FROM (
      SELECT ${reportVisitDays.day} AS day, ${reportVisitDays.accountId} AS account_id,
             ${reportVisitDays.views} AS views
      FROM ${reportVisitDays} WHERE ${withinDays(reportVisitDays.day, r)}
      UNION ALL
      SELECT ${shopDate(pageViews.at)}, coalesce(${pageViews.accountId}, 0), 1
      FROM ${pageViews}
      WHERE ${within(pageViews.at, r)} AND ${pageViews.at} >= ${liveFrom.toISOString()}::timestamptz
    ) v
    GROUP BY GROUPING SETS ((${key}), ())`,
  );
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

// Sales of a period: orders placed (cancelled ones left out), their amount payable, the stores
// that ordered, and the same per day, week or month. Amounts in fen. Read from the per-day and
// store sums (tally.ts); one scan gives the buckets and the period's total (GROUPING SETS: stores
// ordering cannot be summed from the buckets).
import { and, gt, sql } from 'drizzle-orm';
import { namedCache, tag } from '#/server/cache.ts';
import { getDb } from '#/server/db/client.ts';
import { reportStoreDays } from '#/server/db/schema/index.ts';
import type { ReportRange } from './forms.ts';
import { bucketLabel, bucketsOf, dayBucketKey, withinDays } from './period.ts';

export interface SalesFigures {
  orders: number;
  amount: number;
  buyers: number;
}
export interface SalesPoint extends SalesFigures {
  period: string;
}

export interface Sales {
  total: SalesFigures;
  series: SalesPoint[];
}

/** The period's stores-and-days that still have an order (a cancelled one takes it back to 0). */
export const orderedIn = (r: ReportRange) =>
  and(withinDays(reportStoreDays.day, r), gt(reportStoreDays.orders, 0));

async function computeSales(r: ReportRange): Promise<Sales> {
  const db = await getDb();
  const key = dayBucketKey(reportStoreDays.day, r.by);
  const rows = await db
    .select({
      period: bucketLabel(key, r.by),
      orders: sql<number>`coalesce(sum(${reportStoreDays.orders}), 0)::int`,
      amount: sql<number>`coalesce(sum(${reportStoreDays.amount}), 0)::bigint`,
      buyers: sql<number>`count(distinct ${reportStoreDays.companyId})::int`,
    })
    .from(reportStoreDays)
    .where(orderedIn(r))
    .groupBy(sql`GROUPING SETS ((${key}), ())`);
  const figures = (f: (typeof rows)[number] | undefined): SalesFigures => ({
    orders: Number(f?.orders ?? 0),
    amount: Number(f?.amount ?? 0),
    buyers: Number(f?.buyers ?? 0),
  });
  const byPeriod = new Map(rows.map((p) => [p.period, p]));
  return {
    total: figures(byPeriod.get(null)),
    series: bucketsOf(r).map((period) => ({ period, ...figures(byPeriod.get(period)) })),
  };
}

// Kept a minute per period and process, dropped sooner when goods are sold (a new order).
const cached = namedCache<Sales>('reports.sales', { ttlMs: 60_000, maxEntries: 100 });

export const salesOf = (r: ReportRange): Promise<Sales> =>
  cached.get(`${r.from}|${r.to}|${r.by}`, () => computeSales(r), [tag.anyGoods]);

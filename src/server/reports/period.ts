// SQL pieces shared by the report queries: the period's instants or shop days, and the bucket of
// a timestamp (Beijing time, UTC+8 with no daylight saving, so a fixed offset is exact) or a day.
import { and, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { shopDayBounds } from '#/lib/shopClock.ts';
import type { Granularity, ReportRange } from './forms.ts';

export function within(column: PgColumn, r: ReportRange): SQL {
  return and(gte(column, shopDayBounds(r.from).start), lt(column, shopDayBounds(r.to).end))!;
}

/** A shop-day column (date) within the period. */
export function withinDays(column: PgColumn, r: ReportRange): SQL {
  return and(gte(column, r.from), lte(column, r.to))!;
}

const UNIT = { day: 'day', week: 'week', month: 'month' } as const;

/** The bucket a shop day (date) falls in. */
export function dayBucketKey(column: PgColumn | SQL, by: Granularity): SQL {
  return sql`date_trunc(${sql.raw(`'${UNIT[by]}'`)}, (${column})::timestamp)`;
}

/** The bucket a timestamp falls in, truncated in Beijing time (cheap to group by). */
export function bucketKey(column: PgColumn, by: Granularity): SQL {
  return sql`date_trunc(${sql.raw(`'${UNIT[by]}'`)}, (${column} AT TIME ZONE 'UTC') + interval '8 hours')`;
}

/** A bucket key's label: 2026-11-23 (day), the Monday 2026-11-23 (week), 2026-11 (month). */
export function bucketLabel(key: SQL, by: Granularity): SQL<string | null> {
  return sql<
    string | null
  >`to_char(${key}, ${sql.raw(by === 'month' ? "'YYYY-MM'" : "'YYYY-MM-DD'")})`;
}

const DAY_MS = 86_400_000;

/** Every bucket label of the period in order, so days without orders still show as zero. */
export function bucketsOf(r: ReportRange): string[] {
  const out: string[] = [];
  const end = Date.parse(`${r.to}T00:00:00Z`);
  for (let t = Date.parse(`${r.from}T00:00:00Z`); t <= end; t += DAY_MS) {
    const d = new Date(t);
    let label = d.toISOString().slice(0, 10);
    if (r.by === 'month') label = label.slice(0, 7);
    if (r.by === 'week')
      label = new Date(t - ((d.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
    if (out.at(-1) !== label) out.push(label);
  }
  return out;
}

/** The calendar months wholly inside the period, as [from, to) first days; null when none is. */
export function wholeMonths(r: ReportRange): { from: string; to: string } | null {
  const firstOf = (day: string) => `${day.slice(0, 7)}-01`;
  const nextMonth = (day: string) =>
    new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 1))
      .toISOString()
      .slice(0, 10);
  const dayAfterTo = new Date(Date.parse(`${r.to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  const from = r.from.endsWith('-01') ? r.from : nextMonth(r.from);
  const to = dayAfterTo.endsWith('-01') ? dayAfterTo : firstOf(r.to);
  return from < to ? { from, to } : null;
}

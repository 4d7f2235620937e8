// The reports' period: two shop days (Beijing time), at most a year apart, and how to group it.
// A period the server cannot answer quickly is refused before any query runs.
import { z } from 'zod';
import { shopDay } from '#/lib/shopClock.ts';
import { badRequest } from '#/server/errors.ts';

export const REPORT_MAX_DAYS = 366;
export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

const DAY_MS = 86_400_000;
const blankAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const day = z
  .string({ error: '日期格式不正确，应为 YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确，应为 YYYY-MM-DD')
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
      new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    '日期不存在',
  );

const RangeQuery = z
  .object({
    from: z.preprocess(blankAsUndefined, day.optional()),
    to: z.preprocess(blankAsUndefined, day.optional()),
    by: z.enum(GRANULARITIES, { error: '统计周期须为 day、week 或 month' }).default('day'),
  })
  .transform((q, ctx) => {
    const to = q.to ?? shopDay(new Date());
    const from = q.from ?? shopDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', message: '开始日期不能晚于结束日期' });
    else if (days > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', message: `统计区间最长${REPORT_MAX_DAYS}天，请缩小日期范围` });
    return { from, to, by: q.by, days };
  });
export type ReportRange = z.output<typeof RangeQuery>;

/** The period of a report request; a bad one answers 400 with the Chinese reason. */
export function parseReportRange(query: unknown): ReportRange {
  const r = RangeQuery.safeParse(query);
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? '统计区间不正确');
  return r.data;
}

/** The same period as the dashboard shows when the URL's is unusable: the last 30 days. */
export function reportRangeOrDefault(query: unknown): { range: ReportRange; error: string | null } {
  try {
    return { range: parseReportRange(query), error: null };
  } catch (e) {
    return { range: parseReportRange({}), error: (e as Error).message };
  }
}

export const REPORT_TABLES = [
  'series',
  'top_goods',
  'top_buyers',
  'contacts',
  'signups',
  'payments',
  'refunds',
  'traffic',
] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

export const ReportExportQuery = z.object({
  table: z.enum([...REPORT_TABLES, 'all'], { error: '报表名称不正确' }).default('all'),
});

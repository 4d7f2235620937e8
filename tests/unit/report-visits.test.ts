// The reports' page views: closed days summed once into report_visit_days, today's read live, and
// the dashboard's figures the same as counting the page views themselves.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shopDay } from '#/lib/shopClock.ts';
import { memoryDb } from '../support/memoryDb.ts';

let env: Awaited<ReturnType<typeof memoryDb>>;
let tally: typeof import('#/server/reports/tally.ts');
let activity: typeof import('#/server/reports/activity.ts');
let forms: typeof import('#/server/reports/forms.ts');

beforeAll(async () => {
  env = await memoryDb();
  tally = await import('#/server/reports/tally.ts');
  activity = await import('#/server/reports/activity.ts');
  forms = await import('#/server/reports/forms.ts');
}, 60_000);

const DAY = 86_400_000;
const daysAgo = (n: number, hour = 10) => {
  const d = new Date(`${shopDay(new Date(Date.now() - n * DAY))}T00:00:00+08:00`);
  return new Date(d.getTime() + hour * 3600_000);
};

describe('page views in the reports', () => {
  it('sums the closed days not summed yet, once, and counts today live', async () => {
    const { db, schema } = env;
    const a = await env.member();
    const b = await env.member();
    // As if the shop had last summed four days ago (five days ago's view among them): three
    // closed days wait, and today's views.
    await db
      .update(schema.reportRollups)
      .set({ through: shopDay(daysAgo(4)) })
      .where(eq(schema.reportRollups.name, 'visits'));
    await db
      .insert(schema.reportVisitDays)
      .values({ day: shopDay(daysAgo(5)), accountId: a.accountId, views: 1 });
    const view = (at: Date, accountId: number | null) => ({ path: '/list', accountId, at });
    await db
      .insert(schema.pageViews)
      .values([
        view(daysAgo(5), a.accountId),
        view(daysAgo(3, 0), a.accountId),
        view(daysAgo(3, 23), a.accountId),
        view(daysAgo(3), null),
        view(daysAgo(1), b.accountId),
        view(new Date(), a.accountId),
        view(new Date(), null),
      ]);

    expect(await tally.visitsSummedThrough()).toBe(shopDay(daysAgo(1)));
    const kept = await db.select().from(schema.reportVisitDays);
    const of = (day: Date, accountId: number) =>
      kept.find((k) => k.day === shopDay(day) && k.accountId === accountId)?.views;
    expect(kept).toHaveLength(4);
    expect(of(daysAgo(5), a.accountId)).toBe(1);
    expect(of(daysAgo(3), a.accountId)).toBe(2);
    expect(of(daysAgo(3), 0)).toBe(1);
    expect(of(daysAgo(1), b.accountId)).toBe(1);
    // Nothing left to sum: the second call writes nothing.
    expect(await tally.visitsSummedThrough()).toBe(shopDay(daysAgo(1)));
    expect(await db.select().from(schema.reportVisitDays)).toHaveLength(4);

    const week = forms.parseReportRange({ from: shopDay(daysAgo(5)), to: shopDay(new Date()) });
    const t = await activity.traffic(week);
    expect(t.views).toBe(7);
    expect(t.visitors).toBe(2);
    const day = (n: number) => t.series.find((p) => p.period === shopDay(daysAgo(n)))!;
    expect(day(5)).toEqual({ period: shopDay(daysAgo(5)), views: 1, visitors: 1 });
    expect(day(3)).toEqual({ period: shopDay(daysAgo(3)), views: 3, visitors: 1 });
    expect(day(1)).toEqual({ period: shopDay(daysAgo(1)), views: 1, visitors: 1 });
    expect(day(0)).toEqual({ period: shopDay(new Date()), views: 2, visitors: 1 });
  });
});

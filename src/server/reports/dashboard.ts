// Everything the reports dashboard shows for one period, read in one go from the per-day sums
// (tally.ts). A period's figures are kept for a minute per process (one computation however many
// staff open it at once) and dropped sooner when goods are sold or a store changes.
import { namedCache, tag } from '#/server/cache.ts';
import { paymentsByMethod, refundsByMethod, signups, traffic } from './activity.ts';
import type { ReportRange } from './forms.ts';
import { buyersAndContacts, topGoods } from './rankings.ts';
import { salesOf } from './sales.ts';

async function compute(r: ReportRange) {
  const [sales, goods, { buyers, contacts }, joined, paid, refunded, views] = await Promise.all([
    salesOf(r),
    topGoods(r),
    buyersAndContacts(r),
    signups(r),
    paymentsByMethod(r),
    refundsByMethod(r),
    traffic(r),
  ]);
  return { range: r, sales, goods, buyers, contacts, joined, paid, refunded, views };
}
export type Dashboard = Awaited<ReturnType<typeof compute>>;

const figures = namedCache<Dashboard>('reports.dashboard', { ttlMs: 60_000, maxEntries: 50 });

export const dashboard = (r: ReportRange): Promise<Dashboard> =>
  figures.get(`${r.from}|${r.to}|${r.by}`, () => compute(r), [tag.anyGoods, tag.anyCompany]);

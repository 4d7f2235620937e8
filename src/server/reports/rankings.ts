// Who and what sold in a period: top goods (by amount after each line's share of discounts), top
// stores, and sales per dedicated service contact (专属客服). Amounts in fen, read from the per-day
// sums (tally.ts); names and contacts are today's.
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { shopDay } from '#/lib/shopClock.ts';
import { namedCache } from '#/server/cache.ts';
import { getDb } from '#/server/db/client.ts';
import {
  companies,
  goods,
  reportGoodsDays,
  reportGoodsMonths,
  reportStoreDays,
  serviceAdmins,
} from '#/server/db/schema/index.ts';
import type { ReportRange } from './forms.ts';
import { rows as rawRows } from '#/server/db/rows.ts';
import { wholeMonths } from './period.ts';
import { orderedIn } from './sales.ts';

export const TOP_N = 10;

/** A goods' sums over some days or months (amount in fen). */
export interface GoodsSums {
  units: number;
  orders: number;
  amount: number;
}

/**
 * Per-goods sums of ended months (before the current shop month) by month range, and of ended
 * days (before today) by day, kept in memory: a year's top goods read ~110,000 monthly and ~25,000
 * daily rows at 10,000 goods, and no sale changes them (a sale counts today). Only an order of an
 * ended day cancelled now does, so a process shows that here up to ENDED_SUMS_MS late — the minute
 * a process keeps a period's dashboard anyway. Today's and the current month's sums are read live.
 */
const ENDED_SUMS_MS = 60_000;
const endedMonths = namedCache<Map<number, GoodsSums>>('reports.endedMonths', {
  ttlMs: ENDED_SUMS_MS,
  maxEntries: 24,
});
const endedDays = namedCache<Map<number, GoodsSums>>('reports.endedDays', {
  ttlMs: ENDED_SUMS_MS,
  maxEntries: 400,
});

type SumRow = { goodsId: number; units: number; orders: number; amount: string };
const sumsOf = (rows: SumRow[]) =>
  new Map(
    rows.map((g) => [
      Number(g.goodsId),
      { units: Number(g.units), orders: Number(g.orders), amount: Number(g.amount) },
    ]),
  );

/** The `n` goods with the highest amount over all the parts (goods with no line left out), ties by id. */
export function topOfSums(
  parts: readonly ReadonlyMap<number, GoodsSums>[],
  n: number,
): (GoodsSums & { goodsId: number })[] {
  const total = new Map<number, GoodsSums>();
  for (const part of parts)
    for (const [id, x] of part) {
      const t = total.get(id);
      if (t) {
        t.units += x.units;
        t.orders += x.orders;
        t.amount += x.amount;
      } else total.set(id, { ...x });
    }
  return [...total]
    .filter(([, t]) => t.orders > 0)
    .map(([goodsId, t]) => ({ goodsId, ...t }))
    .sort((a, b) => b.amount - a.amount || a.goodsId - b.goodsId)
    .slice(0, n);
}

const DAY_MS = 86_400_000;
const daysOf = (from: string, to: string) => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

export async function topGoods(r: ReportRange) {
  const db = await getDb();
  // Whole months from the monthly sums, the days before and after them from the daily ones; the
  // ended ones from memory, the rest live. Grouped by the id alone (cheap), named afterwards from
  // the goods table for the ten shown.
  const months = wholeMonths(r);
  const today = shopDay(new Date());
  const thisMonth = `${today.slice(0, 7)}-01`;
  const ended =
    months && months.from < thisMonth
      ? { from: months.from, to: months.to < thisMonth ? months.to : thisMonth }
      : null;
  const open =
    months && (!ended || ended.to < months.to)
      ? { from: ended?.to ?? months.from, to: months.to }
      : null;
  const outside = daysOf(r.from, r.to).filter(
    (day) => !months || day < months.from || day >= months.to,
  );
  const d = reportGoodsDays;
  const m = reportGoodsMonths;
  const grouped = (from: SQL) =>
    rawRows<SumRow>(
      db,
      sql`SELECT goods_id AS "goodsId", sum(units)::int AS units, sum(lines)::int AS orders,
                 sum(amount)::bigint AS amount
          FROM (${from}) g GROUP BY goods_id`,
    );
  const monthly = (span: { from: string; to: string }) =>
    sql`SELECT ${m.goodsId}, ${m.units}, ${m.lines}, ${m.amount} FROM ${m}
      WHERE ${m.month} >= ${span.from} AND ${m.month} < ${span.to}`;
  const daily = (where: SQL) =>
    sql`SELECT ${d.goodsId}, ${d.units}, ${d.lines}, ${d.amount} FROM ${d} WHERE ${where}`;
  const live = outside.filter((day) => day >= today);
  const parts = await Promise.all([
    ended
      ? endedMonths.get(`${ended.from}|${ended.to}`, async () =>
          sumsOf(await grouped(monthly(ended))),
        )
      : new Map<number, GoodsSums>(),
    ...outside
      .filter((day) => day < today)
      .map((day) =>
        endedDays.get(day, async () => sumsOf(await grouped(daily(sql`${d.day} = ${day}`)))),
      ),
    open || live.length
      ? grouped(
          sql.join(
            [
              ...(open ? [monthly(open)] : []),
              ...(live.length
                ? [
                    daily(
                      sql`${d.day} IN (${sql.join(
                        live.map((day) => sql`${day}`),
                        sql`, `,
                      )})`,
                    ),
                  ]
                : []),
            ],
            sql` UNION ALL `,
          ),
        ).then(sumsOf)
      : new Map<number, GoodsSums>(),
  ]);
  const top = topOfSums(parts, TOP_N);
  const names = top.length
    ? await db
        .select({ id: goods.id, name: goods.name, spec: goods.spec, sccj: goods.sccj })
        .from(goods)
        .where(
          inArray(
            goods.id,
            top.map((g) => g.goodsId),
          ),
        )
    : [];
  return top.map((g) => {
    const n = names.find((x) => x.id === g.goodsId);
    return {
      ...g,
      name: n?.name ?? '',
      spec: n?.spec ?? '',
      sccj: n?.sccj ?? '',
      amount: Number(g.amount),
    };
  });
}

/**
 * Stores by amount and, from the same rows, each dedicated service contact's stores, orders and
 * amount (one scan of the period's orders for both).
 */
export async function buyersAndContacts(r: ReportRange) {
  const db = await getDb();
  const rows = await db
    .select({
      companyId: reportStoreDays.companyId,
      name: companies.name,
      province: companies.province,
      contactId: serviceAdmins.id,
      contact: serviceAdmins.name,
      orders: sql<number>`sum(${reportStoreDays.orders})::int`,
      amount: sql<number>`sum(${reportStoreDays.amount})::bigint`,
    })
    .from(reportStoreDays)
    .innerJoin(companies, eq(companies.id, reportStoreDays.companyId))
    .leftJoin(serviceAdmins, eq(serviceAdmins.id, companies.adminId))
    .where(orderedIn(r))
    .groupBy(
      reportStoreDays.companyId,
      companies.name,
      companies.province,
      serviceAdmins.id,
      serviceAdmins.name,
    );
  const stores = rows
    .map((b) => ({ ...b, amount: Number(b.amount) }))
    .sort((a, b) => b.amount - a.amount);
  const contacts = new Map<
    number | null,
    { contact: string | null; buyers: number; orders: number; amount: number }
  >();
  for (const s of stores) {
    const c = contacts.get(s.contactId) ?? { contact: s.contact, buyers: 0, orders: 0, amount: 0 };
    c.buyers += 1;
    c.orders += s.orders;
    c.amount += s.amount;
    contacts.set(s.contactId, c);
  }
  return {
    buyers: stores.slice(0, TOP_N).map(({ companyId, name, province, orders: n, amount }) => ({
      companyId,
      name,
      province,
      orders: n,
      amount,
    })),
    contacts: [...contacts.values()].sort((a, b) => b.amount - a.amount),
  };
}

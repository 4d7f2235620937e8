// Who and what sold in a period: top goods (by amount after each line's share of discounts), top
// stores, and sales per dedicated service contact (专属客服). Amounts in fen, read from the per-day
// sums (tally.ts); names and contacts are today's.
import { eq, inArray, sql } from 'drizzle-orm';
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
import { wholeMonths, withinDays } from './period.ts';
import { orderedIn } from './sales.ts';

export const TOP_N = 10;

export async function topGoods(r: ReportRange) {
  const db = await getDb();
  // Whole months from the monthly sums, the days before and after them from the daily ones;
  // grouped by the id alone (cheap), named afterwards from the goods table for the ten shown.
  const months = wholeMonths(r);
  const d = reportGoodsDays;
  const m = reportGoodsMonths;
  const top = await rawRows<{ goodsId: number; units: number; orders: number; amount: string }>(
    db,
    sql`
    SELECT goods_id AS "goodsId", sum(units)::int AS units, sum(lines)::int AS orders,
           sum(amount)::bigint AS amount
    FROM (
      SELECT ${d.goodsId}, ${d.units}, ${d.lines}, ${d.amount} FROM ${d}
      WHERE ${withinDays(d.day, r)}
        ${months ? sql`AND (${d.day} < ${months.from} OR ${d.day} >= ${months.to})` : sql``}
      ${
        months
          ? sql`UNION ALL
      SELECT ${m.goodsId}, ${m.units}, ${m.lines}, ${m.amount} FROM ${m}
      WHERE ${m.month} >= ${months.from} AND ${m.month} < ${months.to}`
          : sql``
      }
    ) g
    GROUP BY goods_id HAVING sum(lines) > 0
    ORDER BY sum(amount) DESC LIMIT ${TOP_N}`,
  );
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

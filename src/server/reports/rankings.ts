// Who and what sold in a period: top goods (by amount after each line's share of discounts), top
// stores, and sales per dedicated service contact (专属客服). Amounts in fen, read from the per-day
// sums (tally.ts); names and contacts are today's.
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import {
  companies,
  goods,
  reportGoodsDays,
  reportStoreDays,
  serviceAdmins,
} from '#/server/db/schema/index.ts';
import type { ReportRange } from './forms.ts';
import { withinDays } from './period.ts';
import { orderedIn } from './sales.ts';

export const TOP_N = 10;

export async function topGoods(r: ReportRange) {
  const db = await getDb();
  // Grouped by the id alone (cheap), named afterwards from the goods table for the ten shown.
  const amount = sql<number>`sum(${reportGoodsDays.amount})::bigint`;
  const top = await db
    .select({
      goodsId: reportGoodsDays.goodsId,
      units: sql<number>`sum(${reportGoodsDays.units})::int`,
      orders: sql<number>`sum(${reportGoodsDays.lines})::int`,
      amount,
    })
    .from(reportGoodsDays)
    .where(and(withinDays(reportGoodsDays.day, r), gt(reportGoodsDays.lines, 0)))
    .groupBy(reportGoodsDays.goodsId)
    .orderBy(desc(amount))
    .limit(TOP_N);
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

// Finance's list of bank transfers: the waiting ones oldest first (the bank statement is read in
// that order), decided ones newest first; a reference or order number finds one.
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { companies, orders, payments } from '#/server/db/schema/index.ts';
import type { OrderRow } from '#/server/orders/model.ts';
import { bankTransferSettings } from './settings.ts';
import type { TransferRow } from './start.ts';

export interface TransferCase {
  payment: TransferRow;
  order: OrderRow;
  company: { id: number; name: string };
  waitDays: number;
}

export async function transferQueue(f: {
  status: TransferRow['status'] | null;
  keyword: string;
  page: number;
  perPage: number;
}) {
  const db = await getDb();
  const kw = f.keyword.trim().toUpperCase();
  const where = and(
    eq(payments.method, 'transfer'),
    f.status ? eq(payments.status, f.status) : undefined,
    kw ? or(eq(payments.reference, kw), eq(orders.no, kw)) : undefined,
  );
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(where);
  const rows = await db
    .select({ payment: payments, order: orders, company: companies })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(companies, eq(companies.id, payments.companyId))
    .where(where)
    .orderBy(f.status === 'pending' ? asc(payments.id) : desc(payments.id))
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage);
  const { wait_days: waitDays } = await bankTransferSettings(db);
  return {
    rows: rows.map(
      (r): TransferCase => ({
        payment: r.payment,
        order: r.order,
        company: { id: r.company.id, name: r.company.name },
        waitDays,
      }),
    ),
    total: Number(count?.n ?? 0),
    page: f.page,
    perPage: f.perPage,
  };
}

// Finance's view of credit terms (账期): every store with a limit or a bill, what it owes and
// whether a bill is overdue (the rule the buyer side applies: wallet.ts creditStatus).
import { asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { companies, creditBills, wallets } from '#/server/db/schema/index.ts';
import { billState, billToday } from '#/server/wallet/credit.ts';

export type BillRow = typeof creditBills.$inferSelect;

/** The buyer side's rule (wallet/credit.ts billState), as finance asks it. */
export const isOverdue = (b: BillRow, today = billToday()) => billState(b, today) === 'overdue';

export interface CreditAccount {
  company: { id: number; name: string };
  limitFen: number;
  usedFen: number;
  bills: BillRow[];
}

export async function creditAccounts(f: { keyword: string; page: number; perPage: number }) {
  const db = await getDb();
  const kw = f.keyword.trim();
  const where = sql`(${or(
    gt(wallets.creditLimit, 0),
    sql`EXISTS (SELECT 1 FROM credit_bills b WHERE b.company_id = ${companies.id})`,
  )})${kw ? sql` AND ${companies.name} ILIKE ${`%${kw}%`}` : sql``}`;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(companies)
    .leftJoin(wallets, eq(wallets.companyId, companies.id))
    .where(where);
  const rows = await db
    .select({ id: companies.id, name: companies.name, wallet: wallets })
    .from(companies)
    .leftJoin(wallets, eq(wallets.companyId, companies.id))
    .where(where)
    .orderBy(asc(companies.id))
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage);
  const ids = rows.map((r) => r.id);
  const bills = ids.length
    ? await db
        .select()
        .from(creditBills)
        .where(inArray(creditBills.companyId, ids))
        .orderBy(asc(creditBills.dueOn), asc(creditBills.id))
    : [];
  return {
    rows: rows.map(
      (r): CreditAccount => ({
        company: { id: r.id, name: r.name },
        limitFen: r.wallet?.creditLimit ?? 0,
        usedFen: r.wallet?.creditUsed ?? 0,
        bills: bills.filter((b) => b.companyId === r.id),
      }),
    ),
    total: Number(count?.n ?? 0),
    page: f.page,
    perPage: f.perPage,
  };
}

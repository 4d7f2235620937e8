// Reading the ledger: one store's rows per account, and the balances of a chain's stores.
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { companies, ledgerEntries, wallets, type LedgerAccount } from '#/server/db/schema/index.ts';

export type LedgerEntry = typeof ledgerEntries.$inferSelect;

export interface LedgerPage<Row> {
  rows: Row[];
  total: number;
  page: number;
  perPage: number;
}

export async function ledgerPage(
  companyId: number,
  account: LedgerAccount,
  page: number,
  perPage: number,
  range: { from?: Date | undefined; to?: Date | undefined } = {},
): Promise<LedgerPage<LedgerEntry>> {
  const db = await getDb();
  const where = and(
    eq(ledgerEntries.companyId, companyId),
    eq(ledgerEntries.account, account),
    range.from ? gte(ledgerEntries.createdAt, range.from) : undefined,
    range.to ? lte(ledgerEntries.createdAt, range.to) : undefined,
  );
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(where);
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: Number(count?.n ?? 0), page, perPage };
}

/** 集团资金: the balance (fen) of every store of one login. */
export async function groupBalances(accountId: number) {
  const db = await getDb();
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      balance: sql<number>`coalesce(${wallets.balance}, 0)::int`,
    })
    .from(companies)
    .leftJoin(wallets, eq(wallets.companyId, companies.id))
    .where(eq(companies.accountId, accountId))
    .orderBy(asc(companies.id));
  return rows.map((r) => ({ ...r, balance: Number(r.balance) }));
}

/** The balance ledger of every store of one login, newest first. */
export async function groupLedgerPage(
  accountId: number,
  page: number,
  perPage: number,
): Promise<LedgerPage<{ entry: LedgerEntry; store: string }>> {
  const db = await getDb();
  const where = and(eq(companies.accountId, accountId), eq(ledgerEntries.account, 'balance'));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .innerJoin(companies, eq(companies.id, ledgerEntries.companyId))
    .where(where);
  const rows = await db
    .select({ entry: ledgerEntries, store: companies.name })
    .from(ledgerEntries)
    .innerJoin(companies, eq(companies.id, ledgerEntries.companyId))
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: Number(count?.n ?? 0), page, perPage };
}

// The company wallet: balance, credit used and points. Every change is a ledger row written in
// the same transaction as the conditional update of the running balance.
import { eq, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { ledgerEntries, wallets, type LedgerAccount } from '#/server/db/schema/index.ts';
import { conflict } from '#/server/errors.ts';

const COLUMN: Record<LedgerAccount, string> = {
  balance: 'balance',
  credit: 'credit_used',
  points: 'points',
};

const INSUFFICIENT: Record<LedgerAccount, string> = {
  balance: '账户余额不足',
  credit: '账期额度不足',
  points: '积分不足',
};

/**
 * Moves `amount` (signed) on one account and writes the ledger row; refuses (409) instead of
 * going below zero or above the credit limit. The WHERE makes it safe under concurrency.
 */
export async function move(
  tx: Tx,
  companyId: number,
  account: LedgerAccount,
  amount: number,
  kind: string,
  orderId: number | null,
  remark = '',
): Promise<number> {
  await tx.insert(wallets).values({ companyId }).onConflictDoNothing();
  const col = sql.raw(COLUMN[account]);
  const limit = account === 'credit' ? sql` AND ${col} + ${amount} <= credit_limit` : sql``;
  const res = await tx.execute<{ after: number }>(sql`
    UPDATE wallets SET ${col} = ${col} + ${amount}
    WHERE company_id = ${companyId} AND ${col} + ${amount} >= 0${limit}
    RETURNING ${col} AS after`);
  const after = (res as unknown as { rows: { after: number }[] }).rows[0]?.after;
  if (after === undefined) throw conflict(INSUFFICIENT[account]);
  await tx
    .insert(ledgerEntries)
    .values({ companyId, account, amount, balanceAfter: Number(after), kind, orderId, remark });
  return Number(after);
}

/** The company's points as a scalar subquery (0 without a wallet), for the header's record. */
export const pointsSql = (companyId: number) =>
  sql<number>`coalesce((SELECT ${wallets.points} FROM ${wallets} WHERE ${eq(wallets.companyId, companyId)}), 0)::int`;

export async function walletOf(companyId: number, q: Db | Tx | null = null) {
  const db = q ?? (await getDb());
  const [w] = await db.select().from(wallets).where(eq(wallets.companyId, companyId)).limit(1);
  return w ?? { companyId, balance: 0, creditLimit: 0, creditUsed: 0, points: 0, billDay: null };
}

/** Σ ledger per account: must equal the wallet row (checked by tests and the /yegl page). */
export async function ledgerSums(companyId: number): Promise<Record<LedgerAccount, number>> {
  const db = await getDb();
  const rows = await db
    .select({
      account: ledgerEntries.account,
      sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.companyId, companyId))
    .groupBy(ledgerEntries.account);
  const out = { balance: 0, credit: 0, points: 0 };
  for (const r of rows) out[r.account] = Number(r.sum);
  return out;
}

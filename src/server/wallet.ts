// The company wallet: balance, credit terms (账期) and points. Every change is a ledger row
// written in the same transaction as the conditional update of the running balance.
import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from './db/client.ts';
import {
  companies,
  coupons,
  creditBills,
  ledgerEntries,
  wallets,
  type CouponKind,
  type LedgerAccount,
} from './db/schema/index.ts';
import { notFound, conflict, invalid } from './errors.ts';
import { fenToYuan } from '#/lib/money.ts';

type Q = Db | Tx;

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

export async function walletOf(companyId: number, q: Q | null = null) {
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

export async function ledgerPage(
  companyId: number,
  account: LedgerAccount,
  page: number,
  perPage: number,
  range: { from?: Date | undefined; to?: Date | undefined } = {},
) {
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
  const money = account !== 'points';
  return {
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      remark: r.remark,
      order_id: r.orderId,
      created_at: r.createdAt.toISOString(),
      amount: money ? fenToYuan(Math.abs(r.amount)) : Math.abs(r.amount),
      direction: r.amount >= 0 ? 1 : -1,
      balance_after: money ? fenToYuan(r.balanceAfter) : r.balanceAfter,
    })),
    total: Number(count?.n ?? 0),
    page,
    perPage,
  };
}

/** Overdue: a bill past its due date not fully repaid blocks new credit orders. */
export async function creditStatus(companyId: number, q: Q | null = null) {
  const db = q ?? (await getDb());
  const w = await walletOf(companyId, db);
  const today = new Date().toISOString().slice(0, 10);
  const bills = await db
    .select()
    .from(creditBills)
    .where(eq(creditBills.companyId, companyId))
    .orderBy(desc(creditBills.dueOn));
  const overdue = bills.filter((b) => b.dueOn < today && b.repaid < b.amount);
  return {
    limitFen: w.creditLimit,
    usedFen: w.creditUsed,
    availableFen: Math.max(0, w.creditLimit - w.creditUsed),
    billDay: w.billDay,
    overdue: overdue.length > 0,
    overdueFen: overdue.reduce((s, b) => s + b.amount - b.repaid, 0),
    bills,
  };
}

/** When a period's bill is due: the store's bill day of the next month, else that month's last day. */
export function creditBillDue(now: Date, billDay: number | null): string {
  const [y, m] = [now.getUTCFullYear(), now.getUTCMonth()];
  return new Date(billDay ? Date.UTC(y, m + 1, billDay) : Date.UTC(y, m + 2, 0))
    .toISOString()
    .slice(0, 10);
}

/** Adds the order amount to this month's credit bill (due as creditBillDue says). */
export async function addToCreditBill(tx: Tx, companyId: number, amount: number): Promise<void> {
  const now = new Date();
  const period = now.toISOString().slice(0, 7);
  const due = creditBillDue(now, (await walletOf(companyId, tx)).billDay);
  const [bill] = await tx
    .select()
    .from(creditBills)
    .where(and(eq(creditBills.companyId, companyId), eq(creditBills.period, period)))
    .limit(1)
    .for('update');
  if (bill)
    await tx
      .update(creditBills)
      .set({ amount: bill.amount + amount })
      .where(eq(creditBills.id, bill.id));
  else await tx.insert(creditBills).values({ companyId, period, amount, dueOn: due });
}

export type CouponView = {
  id: number;
  kind: CouponKind;
  name: string;
  threshold: string;
  amount: string;
  starts_at: string;
  ends_at: string;
  status: 'unused' | 'used' | 'expired';
  order_id: number | null;
};

function couponView(c: typeof coupons.$inferSelect, now = new Date()): CouponView {
  const status = c.usedAt != null ? 'used' : c.endsAt < now ? 'expired' : 'unused';
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    threshold: fenToYuan(c.threshold),
    amount: fenToYuan(c.amount),
    starts_at: c.startsAt.toISOString(),
    ends_at: c.endsAt.toISOString(),
    status,
    order_id: c.usedOrderId,
  };
}

export async function listCoupons(
  companyId: number,
  kind: CouponKind | null,
  status: 'unused' | 'used' | 'expired' | null,
) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.companyId, companyId), kind ? eq(coupons.kind, kind) : undefined))
    .orderBy(desc(coupons.id));
  return rows.map((c) => couponView(c)).filter((c) => !status || c.status === status);
}

/** Unused, current coupons or vouchers of this company (the checkout then checks thresholds). */
export async function usableCoupons(
  companyId: number,
  kind: CouponKind | null,
  q: Q | null = null,
) {
  const db = q ?? (await getDb());
  const now = new Date();
  const rows = await db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.companyId, companyId),
        kind ? eq(coupons.kind, kind) : undefined,
        isNull(coupons.usedAt),
        lte(coupons.startsAt, now),
        gte(coupons.endsAt, now),
      ),
    )
    .orderBy(desc(coupons.amount));
  return rows;
}

/** Days before its end a usable coupon counts as "expiring" in the member centre. */
export const COUPON_EXPIRING_DAYS = 7;

/** The member centre's coupon figures (api/user/couponNum): usable coupons, of them expiring soon, usable cash vouchers. */
export async function couponCounts(
  companyId: number,
): Promise<{ usable: number; expiring: number; cash: number }> {
  const now = new Date();
  const soon = new Date(now.getTime() + COUPON_EXPIRING_DAYS * 86_400_000);
  const rows = await usableCoupons(companyId, null);
  const plain = rows.filter((c) => c.kind === 'coupon');
  return {
    usable: plain.length,
    expiring: plain.filter((c) => c.endsAt <= soon).length,
    cash: rows.length - plain.length,
  };
}

/** Marks a coupon used by an order; refuses one that is not this company's, used or expired. */
export async function takeCoupon(
  tx: Tx,
  companyId: number,
  id: number,
  kind: CouponKind,
  orderId: number | null,
) {
  const now = new Date();
  const rows = await tx
    .update(coupons)
    .set({ usedOrderId: orderId, usedAt: now })
    .where(
      and(
        eq(coupons.id, id),
        eq(coupons.companyId, companyId),
        eq(coupons.kind, kind),
        isNull(coupons.usedAt),
        lte(coupons.startsAt, now),
        gte(coupons.endsAt, now),
      ),
    )
    .returning();
  if (rows.length === 0)
    throw invalid(
      kind === 'coupon' ? 'coupon_id' : 'cash_voucher_id',
      kind === 'coupon' ? '优惠券不可用' : '现金券不可用',
    );
  return rows[0]!;
}

/** 现金券充值: a current, unused cash voucher of this company becomes balance (one ledger row). */
export async function rechargeWithVoucher(companyId: number, voucherId: number) {
  const db = await getDb();
  const [own] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(eq(coupons.id, voucherId), eq(coupons.companyId, companyId), eq(coupons.kind, 'cash')),
    )
    .limit(1);
  if (!own) throw notFound('现金券不存在');
  return db.transaction(async (tx) => {
    const v = await takeCoupon(tx, companyId, voucherId, 'cash', null);
    const after = await move(
      tx,
      companyId,
      'balance',
      v.amount,
      'recharge',
      null,
      `现金券「${v.name}」充值`,
    );
    return { amount: fenToYuan(v.amount), money: fenToYuan(after) };
  });
}

/** 集团资金: the balances of every store of one login. */
export async function groupMoney(accountId: number) {
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
  return {
    total: fenToYuan(rows.reduce((s, r) => s + Number(r.balance), 0)),
    stores: rows.map((r) => ({ id: r.id, name: r.name, money: fenToYuan(Number(r.balance)) })),
  };
}

export async function groupMoneyLog(accountId: number, page: number, perPage: number) {
  const db = await getDb();
  const where = and(eq(companies.accountId, accountId), eq(ledgerEntries.account, 'balance'));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .innerJoin(companies, eq(companies.id, ledgerEntries.companyId))
    .where(where);
  const rows = await db
    .select({ e: ledgerEntries, store: companies.name })
    .from(ledgerEntries)
    .innerJoin(companies, eq(companies.id, ledgerEntries.companyId))
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    rows: rows.map(({ e, store }) => ({
      id: e.id,
      store_id: e.companyId,
      store,
      kind: e.kind,
      remark: e.remark,
      order_id: e.orderId,
      created_at: e.createdAt.toISOString(),
      amount: fenToYuan(Math.abs(e.amount)),
      direction: e.amount >= 0 ? 1 : -1,
      balance_after: fenToYuan(e.balanceAfter),
    })),
    total: Number(count?.n ?? 0),
    page,
    perPage,
  };
}

// The wallet's wire format (SPEC §7 user money, credit and coupon calls): yuan strings, unsigned
// amounts with a direction, snake_case.
import type { LedgerAccount } from '#/server/db/schema/index.ts';
import { shopIso } from '#/lib/shopClock.ts';
import { fenToYuan } from '#/lib/money.ts';
import { billState, type CreditBill } from './credit.ts';
import { couponState, type Coupon } from './coupons.ts';
import type { LedgerEntry, LedgerPage } from './ledger.ts';

/** Points are counted, balance and credit are money. */
const amountOf = (account: LedgerAccount, v: number) => (account === 'points' ? v : fenToYuan(v));

export function presentLedgerEntry(e: LedgerEntry) {
  return {
    id: e.id,
    kind: e.kind,
    remark: e.remark,
    order_id: e.orderId,
    created_at: shopIso(e.createdAt),
    amount: amountOf(e.account, Math.abs(e.amount)),
    direction: e.amount >= 0 ? 1 : -1,
    balance_after: amountOf(e.account, e.balanceAfter),
  };
}

export function presentPage<Row, Out>(page: LedgerPage<Row>, present: (r: Row) => Out) {
  return { ...page, rows: page.rows.map(present) };
}

export const presentLedgerPage = (page: LedgerPage<LedgerEntry>) =>
  presentPage(page, presentLedgerEntry);

export const presentGroupLedgerPage = (page: LedgerPage<{ entry: LedgerEntry; store: string }>) =>
  presentPage(page, ({ entry, store }) => ({
    ...presentLedgerEntry(entry),
    store_id: entry.companyId,
    store,
  }));

export function presentGroupBalances(stores: { id: number; name: string; balance: number }[]) {
  return {
    total: fenToYuan(stores.reduce((s, r) => s + r.balance, 0)),
    stores: stores.map((r) => ({ id: r.id, name: r.name, money: fenToYuan(r.balance) })),
  };
}

export function presentCreditBill(b: CreditBill, today?: string) {
  return {
    id: b.id,
    period: b.period,
    amount: fenToYuan(b.amount),
    repaid: fenToYuan(b.repaid),
    due_on: b.dueOn,
    status: billState(b, today),
  };
}

export function presentCoupon(c: Coupon, now = new Date()) {
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    threshold: fenToYuan(c.threshold),
    amount: fenToYuan(c.amount),
    starts_at: shopIso(c.startsAt),
    ends_at: shopIso(c.endsAt),
    status: couponState(c, now),
    order_id: c.usedOrderId,
  };
}

/** A usable coupon as the checkout's coupon picker lists it. */
export function presentUsableCoupon(c: Coupon) {
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    threshold: fenToYuan(c.threshold),
    amount: fenToYuan(c.amount),
    ends_at: shopIso(c.endsAt),
  };
}

export const presentRecharge = (r: { amount: number; balanceAfter: number }) => ({
  amount: fenToYuan(r.amount),
  money: fenToYuan(r.balanceAfter),
});

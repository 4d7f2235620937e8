import type { Db } from '#/server/db/client.ts';
import { coupons, ledgerEntries, wallets } from '#/server/db/schema/index.ts';
import type { MembersSeedResult } from './members.ts';

const DAY = 24 * 3600 * 1000;

// Demo wallets: opening balances go through the ledger like every other movement.
export async function seedWallet(db: Db, m: MembersSeedResult): Promise<void> {
  const stores = [
    { companyId: m.pharmacyCompanyId, balance: 5_000_000, creditLimit: 2_000_000, points: 1_280 },
    ...m.chainCompanyIds.map((companyId) => ({
      companyId,
      balance: 1_000_000,
      creditLimit: 500_000,
      points: 300,
    })),
  ];
  for (const s of stores) {
    await db.insert(wallets).values({
      companyId: s.companyId,
      balance: s.balance,
      creditLimit: s.creditLimit,
      points: s.points,
    });
    await db.insert(ledgerEntries).values([
      {
        companyId: s.companyId,
        account: 'balance',
        amount: s.balance,
        balanceAfter: s.balance,
        kind: 'opening',
        remark: '期初余额',
      },
      {
        companyId: s.companyId,
        account: 'points',
        amount: s.points,
        balanceAfter: s.points,
        kind: 'opening',
        remark: '期初积分',
      },
    ]);
  }
  const now = Date.now();
  const startsAt = new Date(now - DAY);
  const endsAt = new Date(now + 90 * DAY);
  await db.insert(coupons).values(
    stores.flatMap((s) => [
      {
        companyId: s.companyId,
        kind: 'coupon' as const,
        name: '满500减30',
        threshold: 50_000,
        amount: 3_000,
        startsAt,
        endsAt,
      },
      {
        companyId: s.companyId,
        kind: 'coupon' as const,
        name: '满1000减80',
        threshold: 100_000,
        amount: 8_000,
        startsAt,
        endsAt,
      },
      {
        companyId: s.companyId,
        kind: 'coupon' as const,
        name: '满200减10（已过期）',
        threshold: 20_000,
        amount: 1_000,
        startsAt: new Date(now - 60 * DAY),
        endsAt: new Date(now - 30 * DAY),
      },
      {
        companyId: s.companyId,
        kind: 'cash' as const,
        name: '20元现金券',
        threshold: 0,
        amount: 2_000,
        startsAt,
        endsAt,
      },
    ]),
  );
}

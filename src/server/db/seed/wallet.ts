import type { Db } from '../client.ts';
import { addresses, coupons, ledgerEntries, wallets } from '../schema/index.ts';
import type { MembersSeedResult } from './members.ts';

const DAY = 24 * 3600 * 1000;

// Demo wallets: opening balances go through the ledger like every other movement.
export async function seedWallet(db: Db, m: MembersSeedResult): Promise<void> {
  const stores = [
    { companyId: m.pharmacyCompanyId, balance: 5_000_000, creditLimit: 2_000_000, points: 1_280, contact: '王芳', phone: '13800000001', address: '武汉市江汉区解放大道 100 号' },
    ...m.chainCompanyIds.map((companyId, i) => ({ companyId, balance: 1_000_000, creditLimit: 500_000, points: 300, contact: '刘强', phone: '13800000003', address: ['武汉市洪山区光谷步行街 1 号', '武汉市江岸区中山大道 1500 号', '武汉市武昌区中南路 7 号'][i] ?? '' })),
  ];
  for (const s of stores) {
    await db.insert(wallets).values({ companyId: s.companyId, balance: s.balance, creditLimit: s.creditLimit, points: s.points });
    await db.insert(ledgerEntries).values([
      { companyId: s.companyId, account: 'balance', amount: s.balance, balanceAfter: s.balance, kind: 'opening', remark: '期初余额' },
      { companyId: s.companyId, account: 'points', amount: s.points, balanceAfter: s.points, kind: 'opening', remark: '期初积分' },
    ]);
    await db.insert(addresses).values({ companyId: s.companyId, name: s.contact, phone: s.phone, region: '湖北省 武汉市', address: s.address, isDefault: true });
  }
  const now = Date.now();
  const startsAt = new Date(now - DAY);
  const endsAt = new Date(now + 90 * DAY);
  await db.insert(coupons).values(stores.flatMap((s) => [
    { companyId: s.companyId, kind: 'coupon' as const, name: '满500减30', threshold: 50_000, amount: 3_000, startsAt, endsAt },
    { companyId: s.companyId, kind: 'coupon' as const, name: '满1000减80', threshold: 100_000, amount: 8_000, startsAt, endsAt },
    { companyId: s.companyId, kind: 'coupon' as const, name: '满200减10（已过期）', threshold: 20_000, amount: 1_000, startsAt: new Date(now - 60 * DAY), endsAt: new Date(now - 30 * DAY) },
    { companyId: s.companyId, kind: 'cash' as const, name: '20元现金券', threshold: 0, amount: 2_000, startsAt, endsAt },
  ]));
}

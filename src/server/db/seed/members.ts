import type { Db } from '#/server/db/client.ts';
import { accounts, companies, serviceAdmins } from '#/server/db/schema/index.ts';
import { DEFAULT_SCOPE } from '#/lib/businessScope.ts';

export const DEMO_PASSWORD = 'yaopi2026';
// DEMO_PASSWORD hashed once by auth/password (tests/unit/seed.test.ts checks that it verifies): the
// seed writes rows and runs no domain code.
export const DEMO_PASSWORD_HASH =
  'scrypt$32768$8$1$vx1Vd-NUsFoqmfdOtNadeQ$hRo7TRAZwbkocd85lUSyIn2_vGdRUhkuhSVtq0l8i_A';

// Three demo logins: an approved pharmacy, an unapproved clinic, and a chain with several stores.
export const DEMO_ACCOUNTS = {
  pharmacy: { username: 'demo', phone: '13800000001' },
  clinic: { username: 'clinic', phone: '13800000002' },
  chain: { username: 'chain', phone: '13800000003' },
} as const;

const SCOPE_PHARMACY = [...DEFAULT_SCOPE.pharmacy];
const SCOPE_CLINIC = [...DEFAULT_SCOPE.clinic];

export interface MembersSeedResult {
  pharmacyCompanyId: number;
  clinicCompanyId: number;
  chainCompanyIds: number[];
  /** pharmacy, clinic, chain */
  accountIds: number[];
}

export async function seedMembers(db: Db): Promise<MembersSeedResult> {
  const [admin] = await db
    .insert(serviceAdmins)
    .values([
      { name: '李晓梅', phone: '027-87001234', phone1: '13907100001', isDefault: true },
      { name: '张建国', phone: '027-87005678', phone1: '13907100002' },
    ])
    .returning({ id: serviceAdmins.id });
  const passwordHash = DEMO_PASSWORD_HASH;
  const [pharmacy, clinic, chain] = await db
    .insert(accounts)
    .values([
      { ...DEMO_ACCOUNTS.pharmacy, name: '王芳', passwordHash, inviteCode: 'YP2026A' },
      { ...DEMO_ACCOUNTS.clinic, name: '陈医生', passwordHash },
      { ...DEMO_ACCOUNTS.chain, name: '刘强', passwordHash },
    ])
    .returning({ id: accounts.id });
  const contractSignedAt = new Date();
  const rows = await db
    .insert(companies)
    .values([
      {
        accountId: pharmacy!.id,
        name: '武汉仁心大药房',
        type: 'pharmacy',
        province: '湖北省',
        city: '武汉市',
        address: '武汉市江汉区解放大道 100 号',
        rank: 3,
        adminId: admin!.id,
        isPassed: true,
        jyfw: SCOPE_PHARMACY,
        contractSignedAt,
      },
      {
        accountId: clinic!.id,
        name: '襄阳康宁诊所',
        type: 'clinic',
        province: '湖北省',
        city: '襄阳市',
        address: '襄阳市樊城区人民路 8 号',
        rank: 1,
        adminId: admin!.id,
        isPassed: false,
        jyfw: SCOPE_CLINIC,
      },
      {
        accountId: chain!.id,
        name: '益康连锁药房（光谷店）',
        type: 'pharmacy',
        province: '湖北省',
        city: '武汉市',
        address: '武汉市洪山区光谷步行街 1 号',
        rank: 2,
        adminId: admin!.id,
        isPassed: true,
        jyfw: SCOPE_PHARMACY,
        contractSignedAt,
      },
      {
        accountId: chain!.id,
        name: '益康连锁药房（汉口店）',
        type: 'pharmacy',
        province: '湖北省',
        city: '武汉市',
        address: '武汉市江岸区中山大道 1500 号',
        rank: 2,
        adminId: admin!.id,
        isPassed: true,
        jyfw: SCOPE_PHARMACY,
        contractSignedAt,
      },
      {
        accountId: chain!.id,
        name: '益康连锁药房（武昌店）',
        type: 'pharmacy',
        province: '湖北省',
        city: '武汉市',
        address: '武汉市武昌区中南路 7 号',
        rank: 2,
        adminId: admin!.id,
        isPassed: true,
        jyfw: SCOPE_PHARMACY,
        contractSignedAt,
      },
    ])
    .returning({ id: companies.id });
  return {
    pharmacyCompanyId: rows[0]!.id,
    clinicCompanyId: rows[1]!.id,
    chainCompanyIds: rows.slice(2).map((r) => r.id),
    accountIds: [pharmacy!.id, clinic!.id, chain!.id],
  };
}

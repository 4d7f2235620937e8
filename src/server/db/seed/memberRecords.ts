import type { Db } from '#/server/db/client.ts';
import {
  addresses,
  classBRecords,
  companyContacts,
  licences,
  memberMessages,
} from '#/server/db/schema/index.ts';
import type { MembersSeedResult } from './members.ts';

const day = 86_400_000;
const dateIn = (days: number) =>
  new Date(Date.now() + 8 * 3600_000 + days * day).toISOString().slice(0, 10);

/**
 * Licences, addresses, messages and class-B records of the demo stores. The chain's second store
 * has a drug-trade licence expiring in 20 days so the 30-day warning shows.
 */
export async function seedMemberRecords(
  db: Db,
  m: MembersSeedResult & { accountIds: number[] },
): Promise<void> {
  const [pharmacy, clinic] = [m.pharmacyCompanyId, m.clinicCompanyId];
  const [guanggu, hankou, wuchang] = m.chainCompanyIds as [number, number, number];
  await db.insert(licences).values([
    {
      companyId: pharmacy,
      type: 'business',
      number: '91420103MA4K88881A',
      expiresOn: dateIn(365 * 4),
      state: 'approved',
    },
    {
      companyId: pharmacy,
      type: 'drug_trade',
      number: '鄂AA0270001',
      expiresOn: dateIn(365 * 3),
      state: 'approved',
    },
    {
      companyId: clinic,
      type: 'medical_institution',
      number: 'PDY12345642060617D1102',
      expiresOn: dateIn(365 * 2),
      state: 'pending',
    },
    {
      companyId: guanggu,
      type: 'drug_trade',
      number: '鄂AA0270102',
      expiresOn: dateIn(365 * 2),
      state: 'approved',
    },
    {
      companyId: hankou,
      type: 'drug_trade',
      number: '鄂AA0270103',
      expiresOn: dateIn(20),
      state: 'approved',
    },
    {
      companyId: wuchang,
      type: 'drug_trade',
      number: '鄂AA0270104',
      expiresOn: dateIn(400),
      state: 'approved',
    },
  ]);
  await db.insert(companyContacts).values([
    {
      companyId: pharmacy,
      contactName: '王芳',
      contactPhone: '027-85551234',
      city: '武汉市',
      district: '江汉区',
    },
    {
      companyId: clinic,
      contactName: '陈医生',
      contactPhone: '13800000002',
      city: '襄阳市',
      district: '樊城区',
    },
  ]);
  await db.insert(addresses).values([
    {
      companyId: pharmacy,
      consignee: '王芳',
      phone: '13800000001',
      province: '湖北省',
      city: '武汉市',
      district: '江汉区',
      detail: '解放大道 100 号 仁心大药房',
      isDefault: true,
    },
    {
      companyId: guanggu,
      consignee: '刘强',
      phone: '13800000003',
      province: '湖北省',
      city: '武汉市',
      district: '洪山区',
      detail: '光谷步行街 1 号',
      isDefault: true,
    },
    {
      companyId: hankou,
      consignee: '刘强',
      phone: '13800000003',
      province: '湖北省',
      city: '武汉市',
      district: '江岸区',
      detail: '中山大道 1500 号',
      isDefault: true,
    },
    {
      companyId: wuchang,
      consignee: '刘强',
      phone: '13800000003',
      province: '湖北省',
      city: '武汉市',
      district: '武昌区',
      detail: '中南路 7 号',
      isDefault: true,
    },
  ]);
  const [pharmacyAccount, clinicAccount, chainAccount] = m.accountIds as [number, number, number];
  await db.insert(memberMessages).values([
    {
      accountId: pharmacyAccount,
      title: '资质审核通过',
      content: '您提交的营业执照、药品经营许可证已审核通过，欢迎采购。',
      readAt: new Date(),
    },
    {
      accountId: pharmacyAccount,
      title: '双十二采购节预告',
      content: '12月1日起全场满减，领券再享优惠。',
    },
    {
      accountId: clinicAccount,
      title: '资质审核中',
      content: '您的资质正在审核，审核通过后可采购处方药及医疗器械。',
    },
    {
      accountId: chainAccount,
      title: '证照即将到期',
      content: '益康连锁药房（汉口店）的药品经营许可证将于20天后到期，请及时上传新证。',
    },
  ]);
  await db.insert(classBRecords).values([
    {
      companyId: pharmacy,
      goodsName: '复方丹参片',
      spec: '60片',
      manufacturer: '广州白云山和记黄埔中药有限公司',
      quantity: 20,
      unit: '瓶',
      orderNo: 'YP202611010001',
    },
    {
      companyId: pharmacy,
      goodsName: '维生素C片',
      spec: '0.1g*100片',
      manufacturer: '华中药业股份有限公司',
      quantity: 50,
      unit: '瓶',
      orderNo: 'YP202611080003',
    },
  ]);
}

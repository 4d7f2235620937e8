import { eq } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import {
  drawActivities,
  drawChances,
  drawPrizes,
  drawRecords,
  globalLinks,
} from '#/server/db/schema/index.ts';
import { shopDay } from '#/lib/shopClock.ts';
import type { MembersSeedResult } from './members.ts';

const DAY = 24 * 3600 * 1000;

const PRIZES = [
  {
    name: '10积分',
    kind: 'points',
    value: 10,
    weight: 40,
    stock: null,
    remarks: '积分已发放到您的账户',
  },
  {
    name: '50积分',
    kind: 'points',
    value: 50,
    weight: 20,
    stock: null,
    remarks: '积分已发放到您的账户',
  },
  {
    name: '满300减20优惠券',
    kind: 'coupon',
    value: 2_000,
    threshold: 30_000,
    validDays: 30,
    weight: 25,
    stock: 500,
    remarks: '优惠券已放入我的钱包，30天内有效',
  },
  {
    name: '满1000减100优惠券',
    kind: 'coupon',
    value: 10_000,
    threshold: 100_000,
    validDays: 30,
    weight: 10,
    stock: 100,
    remarks: '优惠券已放入我的钱包，30天内有效',
  },
  {
    name: '医用外科口罩（50只装）',
    kind: 'goods',
    value: 0,
    weight: 4,
    stock: 50,
    remarks: '专属客服将与您联系，随下一单发货',
  },
  {
    name: '电子血压计',
    kind: 'goods',
    value: 0,
    weight: 1,
    stock: 5,
    remarks: '专属客服将与您联系，随下一单发货',
  },
] as const;

const LINKS = [
  ['国家药品监督管理局', 'https://www.nmpa.gov.cn/'],
  ['国家卫生健康委员会', 'https://www.nhc.gov.cn/'],
  ['国家医疗保障局', 'https://www.nhsa.gov.cn/'],
  ['中国医药商业协会', 'http://www.capc.org.cn/'],
  ['湖北省药品监督管理局', 'https://mpa.hubei.gov.cn/'],
  ['中国执业药师协会', 'http://www.clponline.cn/'],
] as const;

/**
 * The running lucky draw (the home pop-up invites to it) and the global links. The demo stores
 * have already joined it, with goods prizes (no wallet movement to mirror), so the pop-up greets
 * newly registered members and stays out of the way of the demo logins.
 */
export async function seedDraw(db: Db, m: MembersSeedResult): Promise<void> {
  const now = Date.now();
  await db.insert(globalLinks).values(LINKS.map(([name, url], sort) => ({ name, url, sort })));
  const [activity] = await db
    .insert(drawActivities)
    .values({
      name: '药批幸运大抽奖',
      startsAt: new Date(now - 7 * DAY),
      endsAt: new Date(now + 60 * DAY),
      dailyLimit: 1,
      popup: true,
    })
    .returning({ id: drawActivities.id });
  const id = activity!.id;
  const prizes = await db
    .insert(drawPrizes)
    .values(PRIZES.map((p, sort) => ({ threshold: 0, validDays: 30, ...p, activityId: id, sort })))
    .returning({ id: drawPrizes.id, name: drawPrizes.name });
  const mask = prizes.find((p) => p.name.startsWith('医用外科口罩'))!;
  const stores = [m.pharmacyCompanyId, m.clinicCompanyId, ...m.chainCompanyIds];
  const day = shopDay(new Date(now - DAY));
  await db.insert(drawRecords).values(
    stores.map((companyId, i) => ({
      activityId: id,
      prizeId: mask.id,
      companyId,
      name: mask.name,
      kind: 'goods' as const,
      remarks: PRIZES[4].remarks,
      createdAt: new Date(now - DAY - i * 3600_000),
    })),
  );
  await db
    .insert(drawChances)
    .values(stores.map((companyId) => ({ activityId: id, companyId, day, used: 1 })));
  await db
    .update(drawPrizes)
    .set({ stock: PRIZES[4].stock - stores.length })
    .where(eq(drawPrizes.id, mask.id));
}

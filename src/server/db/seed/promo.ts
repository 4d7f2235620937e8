import type { Db } from '#/server/db/client.ts';
import { couponTemplates } from '#/server/db/schema/index.ts';

const DAY = 24 * 3600 * 1000;

/** 领券中心 templates: open for a year so a long-running demo keeps them claimable. */
export async function seedCouponTemplates(db: Db): Promise<void> {
  const startsAt = new Date(Date.now() - DAY);
  const endsAt = new Date(Date.now() + 365 * DAY);
  await db.insert(couponTemplates).values([
    {
      name: '新客专享券',
      threshold: 20000,
      amount: 1000,
      validDays: 30,
      startsAt,
      endsAt,
      sort: 0,
    },
    { name: '满500减30', threshold: 50000, amount: 3000, validDays: 30, startsAt, endsAt, sort: 1 },
    {
      name: '满1000减80',
      threshold: 100000,
      amount: 8000,
      validDays: 15,
      startsAt,
      endsAt,
      sort: 2,
    },
    {
      name: '中药饮片专享券',
      threshold: 30000,
      amount: 2000,
      validDays: 15,
      startsAt,
      endsAt,
      sort: 3,
    },
    { name: '无门槛5元券', threshold: 0, amount: 500, validDays: 7, startsAt, endsAt, sort: 4 },
  ]);
}

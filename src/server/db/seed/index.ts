import { sql } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import { seedCatalog } from './catalog.ts';
import { seedContent } from './content.ts';
import { seedDraw } from './draw.ts';
import { type MembersSeedResult, seedMembers } from './members.ts';
import { seedMemberRecords } from './memberRecords.ts';
import { seedPromotions } from './promotions.ts';
import { seedSelfService } from './selfservice.ts';
import { seedCouponTemplates } from './promo.ts';
import { createRandom } from '#/lib/seededRandom.ts';
import { seedStaff } from './staff.ts';
import { seedWallet } from './wallet.ts';

export interface SeedOptions {
  goods: number;
  log?: (msg: string) => void;
}

/** Writes the deterministic demo shop into an empty database; answers its stores. */
export async function seedDemo(
  db: Db,
  { goods, log = () => {} }: SeedOptions,
): Promise<MembersSeedResult> {
  const rnd = createRandom(20261121);
  log('seeding site content');
  await seedContent(db);
  log('seeding members and staff');
  const members = await seedMembers(db);
  await seedStaff(db);
  await seedMemberRecords(db, members);
  log('seeding wallets and coupons');
  await seedWallet(db, members);
  log('seeding the lucky draw and links');
  await seedDraw(db, members);
  log(`seeding ${goods} goods`);
  await seedCatalog(db, rnd, goods, log);
  log('seeding promotions');
  await seedPromotions(db);
  log('seeding the points mall');
  await seedSelfService(db);
  await seedCouponTemplates(db);
  // The planner's statistics, and the GIN indexes' own, which only VACUUM brings up to date: made
  // before the rows came, they looked empty and the desk searches read every goods (db/vacuum.ts).
  await db.execute(sql`VACUUM (ANALYZE)`);
  return members;
}

// One draw is one transaction: use a chance (conditional update), pick a prize by weight on the
// server, take one from its stock (conditional update, never below zero), pay the reward and
// write the record. Anything refused rolls the whole draw back, so a chance is never lost.
import { randomInt } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { coupons, drawChances, drawPrizes, drawRecords } from '#/server/db/schema/index.ts';
import { invalid } from '#/server/errors.ts';
import type { SessionUser } from '#/server/sessions.ts';
import { invalidate } from '#/server/cache.ts';
import { move } from '#/server/wallet/accounts.ts';
import { shopDay } from '#/lib/shopClock.ts';
import { activityById, type Activity, type Prize } from './activities.ts';
import { pickPrize } from './pick.ts';

const DAY_MS = 24 * 3600 * 1000;

const REFUSAL = {
  notStarted: '抽奖活动尚未开始',
  ended: '抽奖活动已结束',
  noChance: '今日抽奖次数已用完，请明天再来',
  soldOut: '奖品已全部抽完，感谢您的参与',
} as const;

const secureRandom = () => randomInt(0, 2 ** 47) / 2 ** 47;

/** Uses one of today's chances; the chances left after it, or null when none was left. */
async function takeChance(
  tx: Tx,
  a: Activity,
  companyId: number,
  day: string,
): Promise<number | null> {
  await tx
    .insert(drawChances)
    .values({ activityId: a.id, companyId, day, used: 0 })
    .onConflictDoNothing();
  const rows = await tx
    .update(drawChances)
    .set({ used: sql`${drawChances.used} + 1` })
    .where(
      and(
        eq(drawChances.activityId, a.id),
        eq(drawChances.companyId, companyId),
        eq(drawChances.day, day),
        sql`${drawChances.used} < ${a.dailyLimit}`,
      ),
    )
    .returning({ used: drawChances.used });
  return rows[0] ? a.dailyLimit - rows[0].used : null;
}

/** Takes one unit of a prize's stock; false when another draw took the last one first. */
async function takePrize(tx: Tx, prizeId: number): Promise<boolean> {
  const rows = await tx
    .update(drawPrizes)
    .set({ stock: sql`${drawPrizes.stock} - 1` })
    .where(
      and(
        eq(drawPrizes.id, prizeId),
        sql`(${drawPrizes.stock} IS NULL OR ${drawPrizes.stock} > 0)`,
      ),
    )
    .returning({ id: drawPrizes.id });
  return rows.length > 0;
}

export interface DrawOutcome {
  recordId: number;
  activityId: number;
  prize: Prize;
  /** chances left today */
  remaining: number;
}

/** One draw for the member's company. */
export async function performDraw(
  user: SessionUser,
  activityId: number,
  random: () => number = secureRandom,
): Promise<DrawOutcome> {
  const db = await getDb();
  try {
    return await db.transaction((tx) => drawIn(tx, user, activityId, random));
  } finally {
    invalidate({ company: user.companyId });
  }
}

async function drawIn(
  tx: Tx,
  user: SessionUser,
  activityId: number,
  random: () => number,
): Promise<DrawOutcome> {
  const a = await activityById(activityId, tx);
  const now = new Date();
  if (now < a.startsAt) throw invalid('id', REFUSAL.notStarted);
  if (now > a.endsAt) throw invalid('id', REFUSAL.ended);
  const remaining = await takeChance(tx, a, user.companyId, shopDay(now));
  if (remaining === null) throw invalid('id', REFUSAL.noChance);
  const prizes = await tx
    .select()
    .from(drawPrizes)
    .where(eq(drawPrizes.activityId, a.id))
    .orderBy(asc(drawPrizes.sort), asc(drawPrizes.id));
  let prize = pickPrize(prizes, random);
  // Another draw may have taken the last unit since we read the stock: that prize is out, pick again.
  while (prize && !(await takePrize(tx, prize.id))) {
    prize.stock = 0;
    prize = pickPrize(prizes, random);
  }
  if (!prize) throw invalid('id', REFUSAL.soldOut);
  const couponId = await payReward(tx, user.companyId, prize, now);
  const [record] = await tx
    .insert(drawRecords)
    .values({
      activityId: a.id,
      prizeId: prize.id,
      companyId: user.companyId,
      name: prize.name,
      kind: prize.kind,
      remarks: prize.remarks,
      couponId,
    })
    .returning({ id: drawRecords.id });
  return { recordId: record!.id, activityId: a.id, prize, remaining };
}

/** Points go to the ledger, a coupon prize becomes the store's coupon; the coupon's id. */
async function payReward(
  tx: Tx,
  companyId: number,
  prize: Prize,
  now: Date,
): Promise<number | null> {
  if (prize.kind === 'points') {
    await move(tx, companyId, 'points', prize.value, 'draw', null, `抽奖获得「${prize.name}」`);
    return null;
  }
  if (prize.kind !== 'coupon') return null;
  const [c] = await tx
    .insert(coupons)
    .values({
      companyId,
      kind: 'coupon',
      name: prize.name,
      threshold: prize.threshold,
      amount: prize.value,
      startsAt: now,
      endsAt: new Date(now.getTime() + prize.validDays * DAY_MS),
    })
    .returning({ id: coupons.id });
  return c?.id ?? null;
}

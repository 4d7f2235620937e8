// 幸运抽奖: activities, prizes, the draw itself and its records; plus the site's global links.
// A draw is one transaction: use a chance (conditional update), pick a prize by weight on the
// server, take one from its stock (conditional update, never below zero), pay the reward and
// write the record. Anything refused rolls the whole draw back, so a chance is never lost.
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { getDb, type Tx } from './db/client.ts';
import {
  companies,
  coupons,
  drawActivities,
  drawChances,
  drawPrizes,
  drawRecords,
  globalLinks,
  type DrawPrizeKind,
} from './db/schema/index.ts';
import { notFound, invalid } from './errors.ts';
import type { SessionUser } from './sessions.ts';
import { move } from '#/server/wallet/accounts.ts';
import { maskName, pickPrize } from './drawPick.ts';
import { shopDay } from '#/lib/shopClock.ts';
import { invalidate, namedCache, tag } from './cache.ts';
import { SEARCH_CACHE_MAX_AGE_MS } from '#/lib/constants.ts';
import { config } from './config.ts';

const DAY_MS = 24 * 3600 * 1000;
const NEW_RECORDS_SHOWN = 20;

export const DRAW_MESSAGES = {
  notFound: '抽奖活动不存在',
  notStarted: '抽奖活动尚未开始',
  ended: '抽奖活动已结束',
  noChance: '今日抽奖次数已用完，请明天再来',
  soldOut: '奖品已全部抽完，感谢您的参与',
} as const;

const secureRandom = () => randomInt(0, 2 ** 47) / 2 ** 47;

type Activity = typeof drawActivities.$inferSelect;

async function activityById(id: number, q: Tx | null = null): Promise<Activity> {
  const db = q ?? (await getDb());
  const [a] = await db.select().from(drawActivities).where(eq(drawActivities.id, id)).limit(1);
  if (!a) throw notFound(DRAW_MESSAGES.notFound);
  return a;
}

// Every member's home page asks for the pop-up and whether the member has joined it. They change
// when an operator creates an activity (a change of content) or the member draws (a change of
// the store), both dropping them here at once, or when an activity starts or ends, which the
// pop-up may learn a few seconds late.
const popupCache = namedCache<Activity | null>('drawPopup', {
  ttlMs: SEARCH_CACHE_MAX_AGE_MS,
  maxEntries: 1,
});
const joinedCache = namedCache<boolean>('drawJoined', {
  ttlMs: config.sessionCacheMs,
  maxEntries: 5_000,
});

/** The running activity the home-page pop-up invites to (the oldest, if several). */
function currentPopup(): Promise<Activity | null> {
  return popupCache.get('popup', async () => {
    const db = await getDb();
    const now = new Date();
    const [a] = await db
      .select()
      .from(drawActivities)
      .where(
        and(
          eq(drawActivities.popup, true),
          lte(drawActivities.startsAt, now),
          gte(drawActivities.endsAt, now),
        ),
      )
      .orderBy(asc(drawActivities.id))
      .limit(1);
    return a ?? null;
  }, [tag.content]);
}

function hasJoined(activityId: number, companyId: number): Promise<boolean> {
  return joinedCache.get(`${activityId}:${companyId}`, async () => {
    const db = await getDb();
    const [r] = await db
      .select({ id: drawRecords.id })
      .from(drawRecords)
      .where(and(eq(drawRecords.activityId, activityId), eq(drawRecords.companyId, companyId)))
      .limit(1);
    return Boolean(r);
  }, [tag.company(companyId)]);
}

async function remainingToday(a: Activity, companyId: number, now = new Date()): Promise<number> {
  const db = await getDb();
  const [c] = await db
    .select({ used: drawChances.used })
    .from(drawChances)
    .where(
      and(
        eq(drawChances.activityId, a.id),
        eq(drawChances.companyId, companyId),
        eq(drawChances.day, shopDay(now)),
      ),
    )
    .limit(1);
  return Math.max(0, a.dailyLimit - (c?.used ?? 0));
}

/**
 * GET /api/draw/simple: the pop-up's question. is_join 0 = show the pop-up (a member who has not
 * joined the running activity yet); visitors and members who joined get 1.
 */
export async function drawSimple(user: SessionUser | null) {
  const a = await currentPopup();
  if (!a || !user) return { id: a?.id ?? null, is_join: 1 };
  return { id: a.id, is_join: (await hasJoined(a.id, user.companyId)) ? 1 : 0 };
}

export async function drawActivity(id: number, user: SessionUser | null) {
  const a = await activityById(id);
  const db = await getDb();
  const prizes = await db
    .select()
    .from(drawPrizes)
    .where(eq(drawPrizes.activityId, id))
    .orderBy(asc(drawPrizes.sort), asc(drawPrizes.id));
  const now = new Date();
  const running = a.startsAt <= now && now <= a.endsAt;
  return {
    id: a.id,
    name: a.name,
    starts_at: a.startsAt.toISOString(),
    ends_at: a.endsAt.toISOString(),
    daily_limit: a.dailyLimit,
    status: running ? 1 : a.startsAt > now ? 0 : 2,
    prizes: prizes.map((p) => ({
      id: p.id,
      name: p.name,
      kind: p.kind,
      remarks: p.remarks,
      sold_out: p.stock !== null && p.stock <= 0,
    })),
    remaining: user && running ? await remainingToday(a, user.companyId, now) : 0,
    is_join: user ? ((await hasJoined(a.id, user.companyId)) ? 1 : 0) : 1,
  };
}

// The home page's invitation per store: read on every member's home page, changed by the store's
// own draws and by new activities (both drop it here at once).
type DrawInvite = Awaited<ReturnType<typeof drawActivity>>;
const inviteCache = namedCache<DrawInvite | null>('drawInvite', {
  ttlMs: config.sessionCacheMs,
  maxEntries: 5_000,
});

/** The running pop-up activity a member has not joined yet, as the home page's island shows it; else null. */
export function drawInvite(user: SessionUser): Promise<DrawInvite | null> {
  return inviteCache.get(String(user.companyId), async () => {
    const draw = await drawSimple(user);
    return draw.id && draw.is_join === 0 ? drawActivity(draw.id, user) : null;
  }, [tag.company(user.companyId), tag.content]);
}

/** Uses one of today's chances; false when none is left. */
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

export interface DrawResult {
  id: number;
  activity_id: number;
  prize_id: number;
  name: string;
  kind: DrawPrizeKind;
  remarks: string;
  remaining: number;
}

/** GET /api/draw?id=: one draw for the member's company. */
export async function performDraw(
  user: SessionUser,
  activityId: number,
  random: () => number = secureRandom,
): Promise<DrawResult> {
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
): Promise<DrawResult> {
  const a = await activityById(activityId, tx);
  const now = new Date();
  if (now < a.startsAt) throw invalid('id', DRAW_MESSAGES.notStarted);
  if (now > a.endsAt) throw invalid('id', DRAW_MESSAGES.ended);
  const remaining = await takeChance(tx, a, user.companyId, shopDay(now));
  if (remaining === null) throw invalid('id', DRAW_MESSAGES.noChance);
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
  if (!prize) throw invalid('id', DRAW_MESSAGES.soldOut);
  let couponId: number | null = null;
  if (prize.kind === 'points') {
    await move(
      tx,
      user.companyId,
      'points',
      prize.value,
      'draw',
      null,
      `抽奖获得「${prize.name}」`,
    );
  } else if (prize.kind === 'coupon') {
    const [c] = await tx
      .insert(coupons)
      .values({
        companyId: user.companyId,
        kind: 'coupon',
        name: prize.name,
        threshold: prize.threshold,
        amount: prize.value,
        startsAt: now,
        endsAt: new Date(now.getTime() + prize.validDays * DAY_MS),
      })
      .returning({ id: coupons.id });
    couponId = c?.id ?? null;
  }
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
  return {
    id: record!.id,
    activity_id: a.id,
    prize_id: prize.id,
    name: prize.name,
    kind: prize.kind,
    remarks: prize.remarks,
    remaining,
  };
}

/** GET /api/draw/new_record?id=: the latest winners, company names masked. */
export async function newRecords(activityId: number) {
  await activityById(activityId);
  const db = await getDb();
  const rows = await db
    .select({
      id: drawRecords.id,
      company: companies.name,
      prize: drawRecords.name,
      createdAt: drawRecords.createdAt,
    })
    .from(drawRecords)
    .innerJoin(companies, eq(companies.id, drawRecords.companyId))
    .where(eq(drawRecords.activityId, activityId))
    .orderBy(desc(drawRecords.id))
    .limit(NEW_RECORDS_SHOWN);
  return rows.map((r) => ({
    id: r.id,
    name: maskName(r.company),
    prize: r.prize,
    created_at: r.createdAt.toISOString(),
  }));
}

export type DrawRecordView = {
  id: number;
  activity_id: number;
  activity_name: string;
  name: string;
  kind: DrawPrizeKind;
  remarks: string;
  created_at: string;
};

/** GET /api/draw/record: my company's records, newest first. */
export async function myRecords(companyId: number, page: number, perPage: number) {
  const db = await getDb();
  const where = eq(drawRecords.companyId, companyId);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(drawRecords).where(where);
  const rows = await db
    .select({ r: drawRecords, activity: drawActivities.name })
    .from(drawRecords)
    .innerJoin(drawActivities, eq(drawActivities.id, drawRecords.activityId))
    .where(where)
    .orderBy(desc(drawRecords.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    rows: rows.map(
      ({ r, activity }): DrawRecordView => ({
        id: r.id,
        activity_id: r.activityId,
        activity_name: activity,
        name: r.name,
        kind: r.kind,
        remarks: r.remarks,
        created_at: r.createdAt.toISOString(),
      }),
    ),
    total: Number(count?.n ?? 0),
    page,
    perPage,
  };
}

/** GET /api/draw/ads: the running activities as banner entries. */
export async function drawAds() {
  const db = await getDb();
  const now = new Date();
  const rows = await db
    .select()
    .from(drawActivities)
    .where(
      and(
        lte(drawActivities.startsAt, now),
        gte(drawActivities.endsAt, now),
        eq(drawActivities.popup, true),
      ),
    )
    .orderBy(asc(drawActivities.id));
  return rows.map((a) => ({
    id: a.id,
    title: a.name,
    url: '/user/draw',
    image: '',
    ends_at: a.endsAt.toISOString(),
  }));
}

/** GET /api/global/links: footer and partner links in display order. */
export async function globalLinkList() {
  const db = await getDb();
  const rows = await db
    .select()
    .from(globalLinks)
    .orderBy(asc(globalLinks.sort), asc(globalLinks.id));
  return rows.map((l) => ({ id: l.id, name: l.name, url: l.url }));
}

export interface NewActivity {
  name: string;
  startsAt: Date;
  endsAt: Date;
  dailyLimit: number;
  popup: boolean;
  prizes: {
    name: string;
    kind: DrawPrizeKind;
    value: number;
    threshold: number;
    validDays: number;
    weight: number;
    stock: number | null;
    remarks: string;
  }[];
}

/** Operators: a new activity with its prizes. */
export async function createActivity(input: NewActivity, q: Tx | null = null) {
  const run = async (tx: Tx) => {
    const [a] = await tx
      .insert(drawActivities)
      .values({
        name: input.name,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        dailyLimit: input.dailyLimit,
        popup: input.popup,
      })
      .returning();
    const prizes = await tx
      .insert(drawPrizes)
      .values(input.prizes.map((p, sort) => ({ ...p, activityId: a!.id, sort })))
      .returning();
    return { id: a!.id, prizes: prizes.map((p) => ({ id: p.id, name: p.name, stock: p.stock })) };
  };
  try {
    return q ? await run(q) : await (await getDb()).transaction(run);
  } finally {
    invalidate({ content: true });
  }
}

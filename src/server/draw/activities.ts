// 幸运抽奖 activities: which one the home page invites to, what a member may still draw today,
// and the merchandiser's new activities.
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { drawActivities, drawChances, drawPrizes, drawRecords } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import type { SessionUser } from '#/server/sessions.ts';
import { namedCache, tag } from '#/server/cache.ts';
import { config } from '#/server/config.ts';
import { shopDay } from '#/lib/shopClock.ts';
import { SEARCH_CACHE_MAX_AGE_MS } from '#/lib/constants.ts';

export type Activity = typeof drawActivities.$inferSelect;
export type Prize = typeof drawPrizes.$inferSelect;

export async function activityById(id: number, q: Tx | null = null): Promise<Activity> {
  const db = q ?? (await getDb());
  const [a] = await db.select().from(drawActivities).where(eq(drawActivities.id, id)).limit(1);
  if (!a) throw notFound('抽奖活动不存在');
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
export function currentPopup(): Promise<Activity | null> {
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

export function hasJoined(activityId: number, companyId: number): Promise<boolean> {
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

async function remainingToday(a: Activity, companyId: number, now: Date): Promise<number> {
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

export type ActivityPhase = 'upcoming' | 'running' | 'ended';

export interface ActivityDetail {
  activity: Activity;
  prizes: Prize[];
  phase: ActivityPhase;
  /** chances left today; 0 for visitors and outside the activity's time */
  remaining: number;
  /** visitors count as joined: they get no pop-up */
  joined: boolean;
}

export async function activityDetail(
  id: number,
  user: SessionUser | null,
): Promise<ActivityDetail> {
  const activity = await activityById(id);
  const db = await getDb();
  const prizes = await db
    .select()
    .from(drawPrizes)
    .where(eq(drawPrizes.activityId, id))
    .orderBy(asc(drawPrizes.sort), asc(drawPrizes.id));
  const now = new Date();
  const phase: ActivityPhase =
    activity.startsAt > now ? 'upcoming' : now <= activity.endsAt ? 'running' : 'ended';
  return {
    activity,
    prizes,
    phase,
    remaining:
      user && phase === 'running' ? await remainingToday(activity, user.companyId, now) : 0,
    joined: user ? await hasJoined(activity.id, user.companyId) : true,
  };
}

// The home page's invitation per store: read on every member's home page, changed by the store's
// own draws and by new activities (both drop it here at once).
const inviteCache = namedCache<ActivityDetail | null>('drawInvite', {
  ttlMs: config.sessionCacheMs,
  maxEntries: 5_000,
});

/** The running pop-up activity a member has not joined yet, as the home page's island shows it; else null. */
export function drawInvite(user: SessionUser): Promise<ActivityDetail | null> {
  return inviteCache.get(String(user.companyId), async () => {
    const a = await currentPopup();
    if (!a || (await hasJoined(a.id, user.companyId))) return null;
    return activityDetail(a.id, user);
  }, [tag.company(user.companyId), tag.content]);
}

/** The running pop-up activities, as banner entries. */
export async function runningActivities(): Promise<Activity[]> {
  const db = await getDb();
  const now = new Date();
  return db
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
}

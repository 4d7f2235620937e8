// Curated activities (活动): pages of chosen goods (一家好, 活动中心, 专区模板, A/B groups…), each
// kind shown on its own screens.
import { asc, eq } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { activities, type ActivityKind } from '#/server/db/schema/index.ts';
import type { BuyerCompany } from '#/server/eligibility.ts';
import { notFound } from '#/server/errors.ts';
import { cardsByIds, type GoodsCard } from '#/server/catalog/cards.ts';
import { recommended, runningVariants } from '#/server/catalog/selections.ts';

type ActivityRow = typeof activities.$inferSelect;

export interface Activity {
  id: number;
  kind: ActivityKind;
  title: string;
  intro: string;
  url: string;
  /** running now */
  started: boolean;
  startsAt: Date;
  endsAt: Date;
}

export interface ActivityWithGoods extends Activity {
  goods: GoodsCard[];
}

function activityOf(a: ActivityRow, now: number): Activity {
  return {
    id: a.id,
    kind: a.kind,
    title: a.title,
    intro: a.intro,
    url: a.url,
    started: a.startsAt.getTime() <= now && a.endsAt.getTime() >= now,
    startsAt: a.startsAt,
    endsAt: a.endsAt,
  };
}

export async function activitiesOf(kind: ActivityKind): Promise<Activity[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(activities)
    .where(eq(activities.kind, kind))
    .orderBy(asc(activities.sort), asc(activities.id));
  const now = Date.now();
  return rows.map((a) => activityOf(a, now));
}

/** One activity with its goods; `kinds` restricts which pages may show it. Unknown → NOT_FOUND. */
export async function activityWithGoods(
  id: number,
  company: BuyerCompany | null,
  kinds?: readonly ActivityKind[],
): Promise<ActivityWithGoods> {
  const db = await getDb();
  const [a] = await db.select().from(activities).where(eq(activities.id, id)).limit(1);
  if (!a || (kinds && !kinds.includes(a.kind))) throw notFound('活动不存在');
  // A goods on promotion is shown and linked at its promotion's price (a near-expiry price is
  // its lot's, on the near-expiry zone only).
  const variants = await runningVariants(['flash', 'daily_special', 'yj'], a.goodsIds);
  return { ...activityOf(a, Date.now()), goods: await cardsByIds(a.goodsIds, company, variants) };
}

/** The first running activity of a kind with its goods (zones showing one curated page). */
export async function firstActivity(
  kind: ActivityKind,
  company: BuyerCompany | null,
): Promise<ActivityWithGoods | null> {
  const [first] = (await activitiesOf(kind)).filter((a) => a.started);
  return first ? activityWithGoods(first.id, company) : null;
}

/** How many goods 新人推荐 shows. */
const NEWCOMER_SHOWN = 8;

/**
 * 新人推荐 (/api/focus/xrtj): the merchandiser's first picks of the running 新人推荐 activity;
 * with no picks, the rule's 为你推荐 (goods in the buyer's scope with stock, best sellers first).
 */
export async function newcomerGoods(company: BuyerCompany | null): Promise<GoodsCard[]> {
  const picked = await firstActivity('xrtj', company);
  if (picked?.goods.length) return picked.goods.slice(0, NEWCOMER_SHOWN);
  return (await recommended(company, 1, NEWCOMER_SHOWN)).rows;
}

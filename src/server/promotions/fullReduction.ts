// 满减 (full reduction): which activity a line takes part in, the activities' tiers for the
// pricing engine, and the zone listing the activities with their goods.
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { manjianActivities, manjianGoods } from '#/server/db/schema/index.ts';
import type { BuyerCompany } from '#/server/eligibility.ts';
import { cardsByIds, type GoodsCard } from '#/server/catalog/cards.ts';
import type { FullReductionActivity } from '#/lib/pricing/fullReduction.ts';

/** Active 满减 activities each goods takes part in (lowest activity id first). */
export async function manjianMembership(
  q: Db | Tx,
  goodsIds: readonly number[],
): Promise<Map<number, number[]>> {
  const ids = [...new Set(goodsIds)];
  if (ids.length === 0) return new Map();
  const now = new Date();
  const rows = await q
    .select({ goodsId: manjianGoods.goodsId, id: manjianActivities.id })
    .from(manjianGoods)
    .innerJoin(manjianActivities, eq(manjianActivities.id, manjianGoods.activityId))
    .where(
      and(
        inArray(manjianGoods.goodsId, ids),
        lte(manjianActivities.startsAt, now),
        gte(manjianActivities.endsAt, now),
      ),
    )
    .orderBy(asc(manjianActivities.id));
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.goodsId, [...(out.get(r.goodsId) ?? []), r.id]);
  return out;
}

/**
 * The activity a line takes part in: the one it names when the goods belongs to it (a forged or
 * stale goods_manjian_id is ignored), else the goods' first active activity, else none.
 */
export function effectiveManjianId(
  named: number | null,
  memberOf: readonly number[] | undefined,
): number | null {
  if (!memberOf || memberOf.length === 0) return null;
  return named !== null && memberOf.includes(named) ? named : memberOf[0]!;
}

/** The activities by id, as the engine's full-reduction activities (with their names). */
export async function loadManjian(
  q: Db | Tx,
  ids: readonly number[],
): Promise<(FullReductionActivity & { id: number; name: string })[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await q
    .select()
    .from(manjianActivities)
    .where(inArray(manjianActivities.id, wanted))
    .orderBy(asc(manjianActivities.id));
  return rows.map((a) => ({
    id: a.id,
    name: a.name,
    tiers: a.tiers.map((t) => ({ amountFen: t.amount, reduceFen: t.reduce })),
  }));
}

export type FullReductionZoneEntry = {
  activity: typeof manjianActivities.$inferSelect;
  /** the first goods of the activity */
  cards: GoodsCard[];
};

/** 满减 activities running now, with their tiers and their first goods. */
export async function manjianZone(
  company: BuyerCompany | null,
  perActivity = 10,
): Promise<FullReductionZoneEntry[]> {
  const db = await getDb();
  const now = new Date();
  const acts = await db
    .select()
    .from(manjianActivities)
    .where(and(lte(manjianActivities.startsAt, now), gte(manjianActivities.endsAt, now)))
    .orderBy(asc(manjianActivities.id));
  return Promise.all(
    acts.map(async (activity) => {
      const ids = await db
        .select({ id: manjianGoods.goodsId })
        .from(manjianGoods)
        .where(eq(manjianGoods.activityId, activity.id))
        .limit(perActivity);
      return {
        activity,
        cards: await cardsByIds(
          ids.map((i) => i.id),
          company,
        ),
      };
    }),
  );
}

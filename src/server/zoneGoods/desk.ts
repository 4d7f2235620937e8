// The zone-goods desk: the merchandiser picks which goods a curated zone (activities: /yjh/{id},
// /Hdzx, /zqmb, /hdmb, /yyh, /group/{id}, the A/B groups) shows and in which order. The zone
// pages read the activity on every request, so a change shows on the next page view; the goods'
// prices, stock and on-sale state come from the catalogue as on every list.
import { asc, eq, inArray } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { activities, goods } from '#/server/db/schema/index.ts';
import { invalid, notFound } from '#/server/errors.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { withAdded, withMoved, withRemoved } from './picks.ts';

export type Zone = typeof activities.$inferSelect;

export interface ZoneGoods {
  id: number;
  code: string;
  name: string;
  spec: string;
  sccj: string;
  approvalNo: string;
  basePrice: number;
  stock: number;
  isBuy: boolean;
}

export interface ZoneWithGoods extends Zone {
  goods: ZoneGoods[];
}

/** Every curated zone, by kind, in the order the shop lists them. */
export async function listZones(): Promise<Zone[]> {
  const db = await getDb();
  return db
    .select()
    .from(activities)
    .orderBy(asc(activities.kind), asc(activities.sort), asc(activities.id));
}

const goodsColumns = {
  id: goods.id,
  code: goods.code,
  name: goods.name,
  spec: goods.spec,
  sccj: goods.sccj,
  approvalNo: goods.approvalNo,
  basePrice: goods.basePrice,
  stock: goods.stock,
  isBuy: goods.isBuy,
};

/** One zone with its picked goods in their order. Unknown → NOT_FOUND. */
export async function zoneWithGoods(id: number): Promise<ZoneWithGoods> {
  const db = await getDb();
  const [zone] = await db.select().from(activities).where(eq(activities.id, id)).limit(1);
  if (!zone) throw notFound('专区不存在');
  const rows = zone.goodsIds.length
    ? await db.select(goodsColumns).from(goods).where(inArray(goods.id, zone.goodsIds))
    : [];
  const byId = new Map(rows.map((g) => [g.id, g]));
  return { ...zone, goods: zone.goodsIds.flatMap((gid) => byId.get(gid) ?? []) };
}

type Action = 'zone.goods_add' | 'zone.goods_move' | 'zone.goods_remove';

/** Rewrites the zone's list under a lock on its row (two desks cannot lose each other's pick). */
async function change(
  id: number,
  action: Action,
  actor: StaffActor,
  goodsId: number,
  next: (ids: readonly number[]) => number[],
): Promise<ZoneWithGoods> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [zone] = await tx
      .select({ goodsIds: activities.goodsIds })
      .from(activities)
      .where(eq(activities.id, id))
      .for('update');
    if (!zone) throw notFound('专区不存在');
    if (action === 'zone.goods_add') {
      const [found] = await tx
        .select({ id: goods.id })
        .from(goods)
        .where(eq(goods.id, goodsId))
        .limit(1);
      if (!found) throw invalid('goods_id', '商品不存在');
    }
    const goodsIds = next(zone.goodsIds);
    await tx.update(activities).set({ goodsIds }).where(eq(activities.id, id));
    await recordAudit(tx, actor, {
      action,
      entity: 'activities',
      entityId: id,
      before: { goods_ids: zone.goodsIds },
      after: { goods_id: goodsId, goods_ids: goodsIds },
    });
  });
  return zoneWithGoods(id);
}

export const addZoneGoods = (id: number, goodsId: number, actor: StaffActor) =>
  change(id, 'zone.goods_add', actor, goodsId, (ids) => withAdded(ids, goodsId));

export const moveZoneGoods = (id: number, goodsId: number, to: 'up' | 'down', actor: StaffActor) =>
  change(id, 'zone.goods_move', actor, goodsId, (ids) => withMoved(ids, goodsId, to));

export const removeZoneGoods = (id: number, goodsId: number, actor: StaffActor) =>
  change(id, 'zone.goods_remove', actor, goodsId, (ids) => withRemoved(ids, goodsId));

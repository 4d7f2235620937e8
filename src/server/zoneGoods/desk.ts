// The zone-goods desk: the merchandiser makes curated zones (activities: /yjh/{id}, /Hdzx, /zqmb,
// /hdmb, /yyh, /group/{id}, the A/B groups, 新人推荐) and picks which goods each shows, in which
// order. The zone
// pages read the activity on every request, so a change shows on the next page view; the goods'
// prices, stock and on-sale state come from the catalogue as on every list.
import { asc, eq, inArray, max } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { activities, type ActivityKind, goods } from '#/server/db/schema/index.ts';
import { invalid, notFound } from '#/server/errors.ts';
import { checkWindow } from '#/server/marketing/window.ts';
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

export interface ZoneInput {
  title: string;
  intro: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Where the shop shows a zone of this kind. A zone made here links to its page at once (an empty
 * link reads 活动未开始 on the zone lists); the A/B groups and 新人推荐 are read through the API.
 */
function pageOf(kind: ActivityKind, id: number): string {
  switch (kind) {
    case 'yjh':
      return `/yjh/${id}`;
    case 'group':
      return `/group/${id}`;
    case 'hdzx':
      return `/Hdzx/${id}/${id}`;
    case 'zqmb':
    case 'hdmb':
      return `/${kind}`;
    case 'yyh':
      return '/yyh/list';
    case 'ab':
    case 'xrtj':
      return '';
  }
}

/** A new zone of `kind`, last of its kind, without goods yet. */
export async function createZone(
  kind: ActivityKind,
  input: ZoneInput,
  actor: StaffActor,
): Promise<Zone> {
  checkWindow(input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ sort: max(activities.sort) })
      .from(activities)
      .where(eq(activities.kind, kind));
    const [made] = await tx
      .insert(activities)
      .values({ kind, ...input, sort: (last?.sort ?? -1) + 1 })
      .returning();
    const [row] = await tx
      .update(activities)
      .set({ url: pageOf(kind, made!.id) })
      .where(eq(activities.id, made!.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'zone.create',
      entity: 'activities',
      entityId: row!.id,
      after: row,
    });
    return row!;
  });
}

/** A zone's title, banner text and window; its kind, link and goods stay. */
export async function updateZone(id: number, input: ZoneInput, actor: StaffActor): Promise<Zone> {
  checkWindow(input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(activities).where(eq(activities.id, id)).for('update');
    if (!before) throw notFound('专区不存在');
    const [after] = await tx.update(activities).set(input).where(eq(activities.id, id)).returning();
    await recordAudit(tx, actor, {
      action: 'zone.update',
      entity: 'activities',
      entityId: id,
      before,
      after,
    });
    return after!;
  });
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

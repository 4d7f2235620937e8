// 满减 activities as the merchandiser keeps them: tiers, the goods taking part, the window. The
// cart prices them from the same tables (promotions/fullReduction.ts).
import { desc, eq, inArray } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import {
  goods,
  manjianActivities,
  manjianGoods,
  type ManjianTier,
} from '#/server/db/schema/index.ts';
import { invalid, notFound } from '#/server/errors.ts';
import { invalidate } from '#/server/cache.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { changeRow } from './change.ts';
import { checkWindow, endedNow } from './window.ts';

export interface FullReductionInput {
  name: string;
  tiers: ManjianTier[];
  goodsIds: number[];
  startsAt: Date;
  endsAt: Date;
}

export type FullReductionRow = typeof manjianActivities.$inferSelect & { goodsIds: number[] };

/**
 * Tiers must climb: each spends more and saves more than the one before, and no tier saves as
 * much as it asks to be spent (the goods would be free).
 */
export function checkTiers(tiers: readonly ManjianTier[]): void {
  tiers.forEach((t, i) => {
    if (t.reduce >= t.amount)
      throw invalid(`tiers.${i}.reduce`, `第${i + 1}档的减免金额须小于满额`);
    const prev = tiers[i - 1];
    if (prev && (t.amount <= prev.amount || t.reduce <= prev.reduce))
      throw invalid(`tiers.${i}.amount`, `第${i + 1}档的满额和减免都须高于上一档`);
  });
}

export async function listFullReductions(limit: number): Promise<FullReductionRow[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(manjianActivities)
    .orderBy(desc(manjianActivities.id))
    .limit(limit);
  const members = rows.length
    ? await db
        .select()
        .from(manjianGoods)
        .where(
          inArray(
            manjianGoods.activityId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => ({
    ...r,
    goodsIds: members.filter((m) => m.activityId === r.id).map((m) => m.goodsId),
  }));
}

async function checkGoods(tx: Tx, ids: readonly number[]): Promise<void> {
  const found = await tx
    .select({ id: goods.id })
    .from(goods)
    .where(inArray(goods.id, [...ids]));
  const missing = ids.filter((id) => !found.some((g) => g.id === id));
  if (missing.length) throw invalid('goods_ids', `商品不存在：${missing.join('、')}`);
}

/** Creates (id null) or changes an activity with its goods; answers its id. */
export async function saveFullReduction(
  id: number | null,
  input: FullReductionInput,
  actor: StaffActor,
): Promise<number> {
  checkWindow(input);
  checkTiers(input.tiers);
  const goodsIds = [...new Set(input.goodsIds)];
  const db = await getDb();
  const touched = new Set(goodsIds);
  const fields = {
    name: input.name,
    tiers: input.tiers,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
  };
  const saved = await db.transaction(async (tx) => {
    await checkGoods(tx, goodsIds);
    let before: FullReductionRow | null = null;
    let activityId: number;
    if (id === null) {
      const [row] = await tx.insert(manjianActivities).values(fields).returning();
      activityId = row!.id;
    } else {
      const [row] = await tx
        .select()
        .from(manjianActivities)
        .where(eq(manjianActivities.id, id))
        .for('update');
      if (!row) throw notFound('活动不存在');
      const old = await tx.select().from(manjianGoods).where(eq(manjianGoods.activityId, id));
      before = { ...row, goodsIds: old.map((m) => m.goodsId) };
      for (const g of before.goodsIds) touched.add(g);
      await tx.update(manjianActivities).set(fields).where(eq(manjianActivities.id, id));
      await tx.delete(manjianGoods).where(eq(manjianGoods.activityId, id));
      activityId = id;
    }
    await tx.insert(manjianGoods).values(goodsIds.map((goodsId) => ({ activityId, goodsId })));
    await recordAudit(tx, actor, {
      action: id === null ? 'promotion.manjian.create' : 'promotion.manjian.update',
      entity: 'manjian_activity',
      entityId: activityId,
      before,
      after: { id: activityId, ...fields, goodsIds },
    });
    return activityId;
  });
  invalidate({ goods: touched });
  return saved;
}

/** Ends an activity now. */
export async function endFullReduction(id: number, actor: StaffActor): Promise<void> {
  const db = await getDb();
  const goodsIds = await db.transaction(async (tx) => {
    await changeRow(tx, actor, manjianActivities, id, {
      set: endedNow,
      action: 'promotion.manjian.end',
      entity: 'manjian_activity',
      missing: '活动不存在',
    });
    const members = await tx.select().from(manjianGoods).where(eq(manjianGoods.activityId, id));
    return members.map((m) => m.goodsId);
  });
  invalidate({ goods: goodsIds });
}

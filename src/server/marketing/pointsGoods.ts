// 积分商城 goods as the merchandiser keeps them: name, specification, points, stock, order. Taking
// a goods off the mall sets its stock to 0 (redemptions keep pointing at it).
import { asc, eq } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { pointsGoods } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';

export interface PointsGoodsInput {
  name: string;
  spec: string;
  points: number;
  stock: number;
  sort: number;
}

export type PointsGoodsRow = typeof pointsGoods.$inferSelect;

export async function listPointsGoodsDesk(limit: number): Promise<PointsGoodsRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(pointsGoods)
    .orderBy(asc(pointsGoods.sort), asc(pointsGoods.id))
    .limit(limit);
}

export async function savePointsGoods(
  id: number | null,
  input: PointsGoodsInput,
  actor: StaffActor,
): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    let before: PointsGoodsRow | null = null;
    if (id !== null) {
      [before = null] = await tx
        .select()
        .from(pointsGoods)
        .where(eq(pointsGoods.id, id))
        .for('update');
      if (!before) throw notFound('积分商品不存在');
    }
    const [after] =
      id === null
        ? await tx.insert(pointsGoods).values(input).returning()
        : await tx.update(pointsGoods).set(input).where(eq(pointsGoods.id, id)).returning();
    await recordAudit(tx, actor, {
      action: id === null ? 'promotion.points_goods.create' : 'promotion.points_goods.update',
      entity: 'points_goods',
      entityId: after!.id,
      before,
      after,
    });
    return after!.id;
  });
}

/** Off the mall: no stock left to redeem. */
export async function endPointsGoods(id: number, actor: StaffActor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(pointsGoods)
      .where(eq(pointsGoods.id, id))
      .for('update');
    if (!before) throw notFound('积分商品不存在');
    const [after] = await tx
      .update(pointsGoods)
      .set({ stock: 0 })
      .where(eq(pointsGoods.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'promotion.points_goods.end',
      entity: 'points_goods',
      entityId: id,
      before,
      after,
    });
  });
}

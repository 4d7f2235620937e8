// 积分商城 goods as the merchandiser keeps them: name, specification, points, stock, order. Taking
// a goods off the mall sets its stock to 0 (redemptions keep pointing at it).
import { asc } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { pointsGoods } from '#/server/db/schema/index.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { changeRow } from './change.ts';

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

// What every change of a points goods is audited as, and its 404.
const POINTS_GOODS = { entity: 'points_goods', missing: '积分商品不存在' };

export async function savePointsGoods(
  id: number | null,
  input: PointsGoodsInput,
  actor: StaffActor,
): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (id !== null) {
      await changeRow(tx, actor, pointsGoods, id, {
        ...POINTS_GOODS,
        set: () => input,
        action: 'promotion.points_goods.update',
      });
      return id;
    }
    const [after] = await tx.insert(pointsGoods).values(input).returning();
    await recordAudit(tx, actor, {
      action: 'promotion.points_goods.create',
      entity: 'points_goods',
      entityId: after!.id,
      after,
    });
    return after!.id;
  });
}

/** Off the mall: no stock left to redeem. */
export async function endPointsGoods(id: number, actor: StaffActor): Promise<void> {
  const db = await getDb();
  await db.transaction((tx) =>
    changeRow(tx, actor, pointsGoods, id, {
      ...POINTS_GOODS,
      set: () => ({ stock: 0 }),
      action: 'promotion.points_goods.end',
    }),
  );
}

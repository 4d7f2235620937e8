// 积分商城: goods paid with points. A redemption is one transaction: stock taken, a points order
// written, and the points debited through the wallet's ledger (wallet.move), so the ledger keeps
// summing to the wallet row.
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { shopIso } from '#/lib/shopClock.ts';
import { getDb } from '#/server/db/client.ts';
import { serialNo } from '#/server/serialNo.ts';
import { pointsGoods, pointsOrders } from '#/server/db/schema/index.ts';
import { isDomainError, notFound, invalid } from '#/server/errors.ts';
import type { Page } from '#/server/http/respond.ts';
import { move } from '#/server/wallet/accounts.ts';

export const POINTS_ORDER_STATUS_LABEL = { pending: '待发货', shipped: '已发货' } as const;

export interface PointsGoodsView {
  id: number;
  name: string;
  spec: string;
  points: number;
  stock: number;
}

export async function listPointsGoods(): Promise<PointsGoodsView[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(pointsGoods)
    .orderBy(asc(pointsGoods.sort), asc(pointsGoods.id));
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    spec: g.spec,
    points: g.points,
    stock: g.stock,
  }));
}

function orderView(o: typeof pointsOrders.$inferSelect) {
  return {
    id: o.id,
    no: o.no,
    goods_id: o.pointsGoodsId,
    name: o.name,
    spec: o.spec,
    points: o.unitPoints,
    number: o.number,
    total_points: o.totalPoints,
    status: o.status,
    status_text: POINTS_ORDER_STATUS_LABEL[o.status],
    created_at: shopIso(o.createdAt),
  };
}
export type PointsOrderView = ReturnType<typeof orderView>;

export async function redeem(
  companyId: number,
  accountId: number,
  goodsId: number,
  number: number,
): Promise<PointsOrderView & { points_left: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [g] = await tx
      .update(pointsGoods)
      .set({ stock: sql`${pointsGoods.stock} - ${number}` })
      .where(sql`${pointsGoods.id} = ${goodsId} AND ${pointsGoods.stock} >= ${number}`)
      .returning();
    if (!g) {
      const [exists] = await tx
        .select({ id: pointsGoods.id })
        .from(pointsGoods)
        .where(eq(pointsGoods.id, goodsId))
        .limit(1);
      if (!exists) throw notFound('积分商品不存在');
      throw invalid('number', '库存不足');
    }
    const total = g.points * number;
    const [o] = await tx
      .insert(pointsOrders)
      .values({
        no: serialNo('JF'),
        companyId,
        accountId,
        pointsGoodsId: g.id,
        name: g.name,
        spec: g.spec,
        unitPoints: g.points,
        number,
        totalPoints: total,
      })
      .returning();
    let left: number;
    try {
      left = await move(
        tx,
        companyId,
        'points',
        -total,
        'points_redeem',
        null,
        `积分兑换 ${o!.no}「${g.name}」×${number}`,
      );
    } catch (e) {
      // The wallet refuses to go below zero with a 409; for a buyer this is a form error.
      if (isDomainError(e, 'CONFLICT')) throw invalid('goods_id', '积分不足');
      throw e;
    }
    return { ...orderView(o!), points_left: left };
  });
}

export async function listPointsOrders(
  companyId: number,
  page: number,
  perPage: number,
): Promise<Page<PointsOrderView>> {
  const db = await getDb();
  const where = eq(pointsOrders.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(pointsOrders)
      .where(where)
      .orderBy(desc(pointsOrders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(pointsOrders).where(where),
  ]);
  return { rows: rows.map(orderView), total: Number(total?.n ?? 0), page, perPage };
}

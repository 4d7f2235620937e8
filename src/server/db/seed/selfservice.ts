import type { Db } from '#/server/db/client.ts';
import { pointsGoods } from '#/server/db/schema/index.ts';

// 积分商城 goods: small store supplies a pharmacy can use, priced in points.
export const POINTS_GOODS = [
  { name: '医用口罩一盒', spec: '50只/盒', points: 500, stock: 200 },
  { name: '医用外科手套', spec: '100只/盒', points: 600, stock: 150 },
  { name: '75%酒精消毒液', spec: '500ml', points: 300, stock: 300 },
  { name: '医用棉签', spec: '200支/包', points: 100, stock: 500 },
  { name: '电子体温计', spec: '1支', points: 800, stock: 80 },
  { name: '药店收银小票纸', spec: '57mm×50卷', points: 400, stock: 120 },
  { name: '分药袋', spec: '1000个/包', points: 200, stock: 400 },
  { name: '电子血压计', spec: '上臂式', points: 5000, stock: 20 },
  { name: '药品陈列价签', spec: '100张/包', points: 150, stock: 300 },
  { name: '保温杯', spec: '500ml', points: 1200, stock: 50 },
] as const;

export async function seedSelfService(db: Db): Promise<void> {
  await db.insert(pointsGoods).values(POINTS_GOODS.map((g, i) => ({ ...g, sort: i })));
}

// Goods and order cards: what the goods or order looked like when the card was sent, so the
// conversation reads the same later. An order card names an order of the conversation's store.
import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import { shopIso } from '#/lib/shopClock.ts';
import type { GoodsCard, OrderCard } from '#/lib/chat.ts';
import { fenToYuan } from '#/lib/money.ts';
import { getDb, type Db } from '#/server/db/client.ts';
import { cartLines, goods, orderLines, orders } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import { ORDER_STATUS_LABEL } from '#/server/orders/present.ts';

const goodsFields = {
  id: goods.id,
  name: goods.name,
  tradeName: goods.tradeName,
  spec: goods.spec,
  manufacturer: goods.sccj,
  images: goods.images,
};
type GoodsRow = {
  id: number;
  name: string;
  tradeName: string;
  spec: string;
  manufacturer: string;
  images: string[];
};
const goodsCardOf = (g: GoodsRow): GoodsCard => ({
  type: 'goods',
  id: g.id,
  name: g.tradeName ? `${g.tradeName}（${g.name}）` : g.name,
  spec: g.spec,
  manufacturer: g.manufacturer,
  image: g.images[0] ?? '',
});

const orderFields = {
  id: orders.id,
  no: orders.no,
  status: orders.status,
  payable: orders.payableAmount,
  createdAt: orders.createdAt,
};
type OrderRow = {
  id: number;
  no: string;
  status: keyof typeof ORDER_STATUS_LABEL;
  payable: number;
  createdAt: Date;
};
const orderCardOf = (o: OrderRow): OrderCard => ({
  type: 'order',
  id: o.id,
  no: o.no,
  status_text: ORDER_STATUS_LABEL[o.status],
  payable: fenToYuan(o.payable),
  created_at: shopIso(o.createdAt),
});

export async function goodsCard(goodsId: number, q?: Db): Promise<GoodsCard> {
  const db = q ?? (await getDb());
  const [g] = await db.select(goodsFields).from(goods).where(eq(goods.id, goodsId)).limit(1);
  if (!g) throw notFound('商品不存在');
  return goodsCardOf(g);
}

/** Another store's order is not found, as everywhere. */
export async function orderCard(companyId: number, orderId: number, q?: Db): Promise<OrderCard> {
  const db = q ?? (await getDb());
  const [o] = await db
    .select(orderFields)
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)))
    .limit(1);
  if (!o) throw notFound('订单不存在');
  return orderCardOf(o);
}

/** The store's recent orders. */
export async function recentOrderCards(companyId: number, limit = 8): Promise<OrderCard[]> {
  const db = await getDb();
  const rows = await db
    .select(orderFields)
    .from(orders)
    .where(eq(orders.companyId, companyId))
    .orderBy(desc(orders.id))
    .limit(limit);
  return rows.map(orderCardOf);
}

/** Goods the store recently ordered or has in its cart, newest first, each once. */
export async function recentGoodsCards(companyId: number, limit = 12): Promise<GoodsCard[]> {
  const db = await getDb();
  const [inCart, ordered] = await Promise.all([
    db
      .select({ id: cartLines.goodsId })
      .from(cartLines)
      .where(eq(cartLines.companyId, companyId))
      .orderBy(desc(cartLines.updatedAt))
      .limit(limit),
    db
      .select({ id: orderLines.goodsId })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.companyId, companyId))
      .orderBy(desc(orders.id))
      .limit(limit * 3),
  ]);
  const ids = [...new Set([...inCart, ...ordered].map((r) => r.id))].slice(0, limit);
  if (ids.length === 0) return [];
  const rows = await db.select(goodsFields).from(goods).where(inArray(goods.id, ids));
  const byId = new Map(rows.map((g) => [g.id, goodsCardOf(g)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Goods a staff member looks up by code or name to send as a card. */
export async function searchGoodsCards(text: string): Promise<GoodsCard[]> {
  const db = await getDb();
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select(goodsFields)
    .from(goods)
    .where(or(eq(goods.code, text), ilike(goods.name, like), ilike(goods.tradeName, like)))
    .orderBy(desc(goods.sales))
    .limit(10);
  return rows.map(goodsCardOf);
}

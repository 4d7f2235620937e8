// 常购清单 for /kjcg: goods this company bought (cancelled orders aside), most often first.
import { sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import type { BoughtGoods } from './model.ts';
import { presentBoughtGoods } from './present.ts';

type Row = Omit<BoughtGoods, 'lastAt'> & { lastAt: Date | string };

export async function fastBuy(
  companyId: number,
  page: number,
  perPage: number,
  order: 'count' | 'recent',
) {
  const db = await getDb();
  const orderBy = order === 'recent' ? sql`max(o.created_at) DESC` : sql`sum(ol.number) DESC`;
  const rows = await db.execute<Row>(sql`
    SELECT ol.goods_id AS "goodsId", min(ol.name) AS name, min(ol.spec) AS spec, min(ol.sccj) AS sccj,
           min(ol.bzdw) AS bzdw, count(DISTINCT o.id)::int AS times, sum(ol.number)::int AS quantity,
           max(o.created_at) AS "lastAt", max(g.stock) AS stock, max(g.inner_pack) AS "innerPack",
           bool_or(g.must_multiple) AS "mustMultiple", max(g.purchase_limit) AS "purchaseLimit"
    FROM order_lines ol JOIN orders o ON o.id = ol.order_id JOIN goods g ON g.id = ol.goods_id
    WHERE o.company_id = ${companyId} AND o.status <> 'cancelled'
    GROUP BY ol.goods_id ORDER BY ${orderBy}, ol.goods_id LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`);
  const counted = await db.execute<{ n: number }>(
    sql`SELECT count(DISTINCT ol.goods_id)::int AS n FROM order_lines ol JOIN orders o ON o.id = ol.order_id WHERE o.company_id = ${companyId} AND o.status <> 'cancelled'`,
  );
  const c = (counted as unknown as { rows: { n: number }[] }).rows[0];
  return presentBoughtGoods({
    rows: (rows as unknown as { rows: Row[] }).rows.map((r) => ({
      ...r,
      stock: Number(r.stock),
      innerPack: Number(r.innerPack),
      purchaseLimit: Number(r.purchaseLimit),
      lastAt: new Date(r.lastAt),
    })),
    total: Number(c?.n ?? 0),
    page,
    perPage,
  });
}

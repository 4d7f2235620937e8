// Fixed selections of goods: the goods of a price-variant kind (秒杀, 每日特价, 近效期, 一价到底),
// best sellers (热销), 为你推荐, and one goods from every manufacturer.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { goods, goodsPrices, type Line, type PriceKind } from '#/server/db/schema/index.ts';
import type { BuyerCompany } from '#/server/eligibility.ts';
import { notFound } from '#/server/errors.ts';
import type { GoodsRow } from '#/server/goodsSnapshots.ts';
import { activeVariants } from '#/server/promotions/variants.ts';
import { cardsFor, type GoodsCard, type GoodsPage, type Variant } from './cards.ts';

/** A page of the goods matching `where`, best sellers first. */
async function bestSellingPage(
  where: SQL | undefined,
  company: BuyerCompany | null,
  page: number,
  perPage: number,
): Promise<GoodsPage> {
  const db = await getDb();
  const [countRow] = await db.select({ n: sql<number>`count(*)::int` }).from(goods).where(where);
  const rows = await db
    .select()
    .from(goods)
    .where(where)
    .orderBy(sql`${goods.sales} DESC`, asc(goods.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows: await cardsFor(rows, company), total: Number(countRow?.n ?? 0), page, perPage };
}

/** Active variants of a kind, best-selling goods first, each card at its variant's price. */
export async function variantGoods(
  kind: PriceKind,
  company: BuyerCompany | null,
  page = 1,
  perPage = 20,
): Promise<GoodsPage> {
  const db = await getDb();
  const active = activeVariants(kind);
  const [countRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(goodsPrices)
    .where(active);
  const rows = await db
    .select({ v: goodsPrices, g: goods })
    .from(goodsPrices)
    .innerJoin(goods, eq(goods.id, goodsPrices.goodsId))
    .where(active)
    .orderBy(sql`${goods.sales} DESC`, asc(goodsPrices.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    rows: await cardsFor(
      rows.map((r) => r.g),
      company,
      new Map(rows.map((r) => [r.g.id, r.v])),
    ),
    total: Number(countRow?.n ?? 0),
    page,
    perPage,
  };
}

/** The running variant of the given kinds of each given goods (its lowest price), by goods id. */
export async function runningVariants(
  kinds: readonly PriceKind[],
  goodsIds: readonly number[],
): Promise<Map<number, Variant>> {
  if (!goodsIds.length) return new Map();
  const db = await getDb();
  const rows = await db
    .select()
    .from(goodsPrices)
    .where(and(activeVariants(kinds), inArray(goodsPrices.goodsId, [...goodsIds])))
    .orderBy(sql`${goodsPrices.price} DESC`, sql`${goodsPrices.id} DESC`);
  // Highest first, so the lowest price of a goods is the one left in the map.
  return new Map(rows.map((v) => [v.goodsId, v]));
}

/** Best sellers (热销), of one line if given. */
export async function hotGoods(
  company: BuyerCompany | null,
  limit = 10,
  line?: Line,
): Promise<GoodsCard[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(goods)
    .where(line ? eq(goods.line, line) : undefined)
    .orderBy(sql`${goods.sales} DESC`, asc(goods.id))
    .limit(limit);
  return cardsFor(rows, company);
}

/** 为你推荐: goods the member may buy (its scope), best sellers first; visitors get best sellers. */
export async function recommended(
  company: BuyerCompany | null,
  page: number,
  perPage: number,
): Promise<GoodsPage> {
  const where =
    company && company.jyfw.length
      ? and(
          inArray(goods.drugClass, [...company.jyfw]),
          eq(goods.isControlled, false),
          sql`${goods.stock} > 0`,
        )
      : sql`${goods.stock} > 0`;
  return bestSellingPage(where, company, page, perPage);
}

/** Goods of the same generic name from every manufacturer (/list/other/{id}). */
export async function sameNameGoods(
  id: number,
  company: BuyerCompany | null,
  page: number,
  perPage = 20,
): Promise<{ goods: GoodsRow; list: GoodsPage }> {
  const db = await getDb();
  const [g] = await db.select().from(goods).where(eq(goods.id, id)).limit(1);
  if (!g) throw notFound('商品不存在或已下架');
  return { goods: g, list: await bestSellingPage(eq(goods.name, g.name), company, page, perPage) };
}

// Zones of the shop that select goods by a rule of their own: 控销专区 (controlled sales), 品牌专区
// (brands) and 满额返现 (cashback rules).
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { brands, cashbackRules, controlledRules, goods } from '#/server/db/schema/index.ts';
import { controlledVisible, type BuyerCompany } from '#/server/eligibility.ts';
import { notFound } from '#/server/errors.ts';
import { cardsFor, type GoodsPage } from '#/server/catalog/cards.ts';

/** 满额返现: an order paying at least `amount` earns `back` (fen), lowest threshold first. */
export async function cashbackZone(): Promise<{ id: number; amount: number; back: number }[]> {
  const db = await getDb();
  const rules = await db.select().from(cashbackRules).orderBy(asc(cashbackRules.amount));
  return rules.map((r) => ({ id: r.id, amount: r.amount, back: r.back }));
}

/**
 * 控销专区: controlled goods the company may buy. Visitors see which goods exist (no prices);
 * members see only those whose rule admits them. `newOnly`: added in the last 90 days.
 */
export async function controlledZone(
  company: BuyerCompany | null,
  page: number,
  perPage = 20,
  newOnly = false,
  categoryId: number | null = null,
): Promise<GoodsPage> {
  const db = await getDb();
  const rows = await db
    .select({ g: goods, r: controlledRules })
    .from(controlledRules)
    .innerJoin(goods, eq(goods.id, controlledRules.goodsId))
    .where(
      and(
        newOnly ? sql`${goods.createdAt} > now() - interval '90 days'` : undefined,
        categoryId
          ? sql`(${goods.categoryId} = ${categoryId} OR ${goods.categoryId} IN (SELECT id FROM categories WHERE parent_id = ${categoryId}))`
          : undefined,
      ),
    )
    .orderBy(sql`${goods.sales} DESC`, asc(goods.id));
  const visible = company ? rows.filter((row) => controlledVisible(company, row.r)) : rows;
  const slice = visible.slice((page - 1) * perPage, page * perPage).map((row) => row.g);
  return { rows: await cardsFor(slice, company), total: visible.length, page, perPage };
}

/** 品牌专区: brands with their goods count. */
export async function brandZone(): Promise<
  { id: number; name: string; logo: string; goodsCount: number }[]
> {
  const db = await getDb();
  return db
    .select({
      id: brands.id,
      name: brands.name,
      logo: brands.logo,
      goodsCount: sql<number>`count(${goods.id})::int`,
    })
    .from(brands)
    .leftJoin(goods, eq(goods.brandId, brands.id))
    .groupBy(brands.id)
    .orderBy(asc(brands.sort));
}

export async function brandById(id: number) {
  const db = await getDb();
  const [b] = await db.select().from(brands).where(eq(brands.id, id)).limit(1);
  if (!b) throw notFound('品牌不存在');
  return b;
}

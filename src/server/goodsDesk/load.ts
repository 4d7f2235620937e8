// What the goods desk reads: the dense list with its filters, and one goods with everything the
// editor shows (ladder, controlled-sales rule, lots) plus the choices of its selects.
import {
  and,
  asc,
  desc,
  eq,
  ilike,
  isNull,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { bigramFilter, containsPattern, searchedColumn } from '#/server/db/rows.ts';
import {
  brands,
  categories,
  controlledRules,
  deskBigramColumns,
  goods,
  goodsLots,
  ladderPrices,
} from '#/server/db/schema/index.ts';
import type { GoodsFilter } from './forms.ts';
import { outerColumn } from '#/server/db/rows.ts';

/** At or under this many units the list's 低库存 filter shows a goods. */
export const LOW_STOCK = 50;

function filterWhere(f: GoodsFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.q) {
    const like = containsPattern(f.q);
    const searched = (column: SQLWrapper) => ilike(searchedColumn(column, f.q), like);
    const initials = f.q.toLowerCase().replace(/[^a-z0-9]/g, '');
    // Two characters search the names, maker and initials (the bigram index's columns).
    const shortText = bigramFilter(deskBigramColumns(goods), f.q);
    if (shortText) where.push(shortText);
    where.push(
      or(
        searched(goods.name),
        searched(goods.tradeName),
        searched(goods.code),
        searched(goods.erpCode),
        searched(goods.approvalNo),
        searched(goods.sccj),
        initials.length > 1
          ? sql`${searchedColumn(goods.nameInitials, initials)} LIKE ${`${initials}%`}`
          : undefined,
      )!,
    );
  }
  if (f.drug_class) where.push(eq(goods.drugClass, f.drug_class));
  if (f.category_id)
    where.push(
      or(
        eq(goods.categoryId, f.category_id),
        sql`${goods.categoryId} IN (SELECT id FROM categories WHERE parent_id = ${f.category_id})`,
      )!,
    );
  if (f.on_sale) where.push(eq(goods.isBuy, f.on_sale === '1'));
  if (f.stock === 'out') where.push(eq(goods.stock, 0));
  if (f.stock === 'low') where.push(lte(goods.stock, LOW_STOCK));
  return where.length ? and(...where) : undefined;
}

export async function goodsList(f: GoodsFilter) {
  const db = await getDb();
  const where = filterWhere(f);
  const rows = await db
    .select({
      id: goods.id,
      code: goods.code,
      erpCode: goods.erpCode,
      name: goods.name,
      tradeName: goods.tradeName,
      spec: goods.spec,
      sccj: goods.sccj,
      approvalNo: goods.approvalNo,
      drugClass: goods.drugClass,
      bzdw: goods.bzdw,
      basePrice: goods.basePrice,
      stock: goods.stock,
      isBuy: goods.isBuy,
      version: goods.version,
      nearestExpiry: sql<
        string | null
      >`(SELECT min(l.expires_on)::text FROM goods_lots l WHERE l.goods_id = ${outerColumn(goods.id)} AND l.stock > 0)`,
    })
    .from(goods)
    .where(where)
    .orderBy(desc(goods.id))
    .limit(f.per_page)
    .offset((f.page - 1) * f.per_page);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(goods).where(where);
  return { rows, total: Number(count?.n ?? 0), page: f.page, perPage: f.per_page };
}

/** The ids of the goods the list's filters find, in id order: up to `limit` of them. */
export async function filteredGoodsIds(f: GoodsFilter, limit: number): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: goods.id })
    .from(goods)
    .where(filterWhere(f))
    .orderBy(asc(goods.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export type GoodsListRow = Awaited<ReturnType<typeof goodsList>>['rows'][number];

export async function goodsForEdit(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(goods).where(eq(goods.id, id));
  if (!row) return null;
  const [ladder, rules, lots] = await Promise.all([
    db
      .select()
      .from(ladderPrices)
      .where(eq(ladderPrices.goodsId, id))
      .orderBy(asc(ladderPrices.minNumber)),
    db.select().from(controlledRules).where(eq(controlledRules.goodsId, id)),
    db.select().from(goodsLots).where(eq(goodsLots.goodsId, id)).orderBy(asc(goodsLots.expiresOn)),
  ]);
  return { row, ladder, rule: rules[0] ?? null, lots };
}
export type GoodsForEdit = NonNullable<Awaited<ReturnType<typeof goodsForEdit>>>;

/** The selects of the editor: categories (top levels with their children) and brands. */
export async function editorChoices() {
  const db = await getDb();
  const [tops, children, brandRows] = await Promise.all([
    db
      .select()
      .from(categories)
      .where(isNull(categories.parentId))
      .orderBy(asc(categories.line), asc(categories.sort)),
    db
      .select()
      .from(categories)
      .where(sql`${categories.parentId} IS NOT NULL`)
      .orderBy(asc(categories.sort)),
    db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .orderBy(asc(brands.sort), asc(brands.id)),
  ]);
  const categoryTree = tops.map((t) => ({
    id: t.id,
    name: t.name,
    line: t.line,
    children: children.filter((c) => c.parentId === t.id).map((c) => ({ id: c.id, name: c.name })),
  }));
  return { categories: categoryTree, brands: brandRows };
}

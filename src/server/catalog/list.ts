// The goods list behind /list, /search and the line zones: filters, sorts, search ranking, and the
// filter bar's options.
import { asc, sql, type SQL } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { brands, categories, manufacturers, type Line } from '#/server/db/schema/index.ts';
import { rows as sqlRows } from '#/server/db/rows.ts';
import type { BuyerCompany } from '#/server/eligibility.ts';
import { namedCache, tag } from '#/server/cache.ts';
import { searchIndex } from '#/server/search/index.ts';
import { searchIds } from '#/server/search/matcher.ts';
import { SEARCH_CACHE_MAX_AGE_MS, TAG_LABELS } from '#/lib/constants.ts';
import { DRUG_CLASS_LABEL } from '#/lib/drugClass.ts';
import { hiddenPrice } from '#/lib/priceVisibility.ts';
import { cardsByIds, type GoodsPage } from './cards.ts';
import { catalogModel } from '#/server/goodsSnapshots.ts';
import { listFromModel, nearExpiryCutoff } from './listFromModel.ts';
import { runningVariants } from './selections.ts';
import { tagFilterSql } from '#/server/promotions/tags.ts';
import type { PriceKind } from '#/server/db/schema/index.ts';

const VARIANT_OF_TAG: Partial<Record<string, PriceKind>> = { 秒: 'flash', 特: 'daily_special' };
import { lineOf, SORT_LABELS, SORTS, type ListQuery, type Sort } from './query.ts';

// Lists (ids in order and the total) and reference data may be a few seconds old (SPEC 7); the
// goods on a page come from goodsSnapshots and eligibility is decided per request.
const lists = namedCache<{ ids: number[]; total: number }>('goodsLists', {
  ttlMs: SEARCH_CACHE_MAX_AGE_MS,
});
const reference = namedCache<unknown>('catalogReference', {
  ttlMs: SEARCH_CACHE_MAX_AGE_MS,
  maxEntries: 50,
});
const cachedReference = <T>(key: string, load: () => Promise<T>) =>
  reference.get(key, load, [tag.anyGoods]) as Promise<T>;

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** Every category (a few hundred rows), cached as reference data: lists, filters and the detail. */
export function allCategories() {
  return cachedReference('categories', async () =>
    (await getDb())
      .select({
        id: categories.id,
        parentId: categories.parentId,
        name: categories.name,
        line: categories.line,
      })
      .from(categories),
  );
}

/** The category a `select` names (an id, or a name within the line) with all its descendants. */
async function categoryIds(select: string, line: Line | undefined): Promise<number[] | null> {
  if (!select) return null;
  const asId = /^\d+$/.test(select) ? Number(select) : null;
  const cats = await allCategories();
  const roots = cats.filter((c) =>
    asId !== null ? c.id === asId : c.name === select && (!line || c.line === line),
  );
  const out = new Set<number>();
  const walk = (id: number) => {
    out.add(id);
    for (const c of cats) if (c.parentId === id) walk(c.id);
  };
  for (const r of roots) walk(r.id);
  return [...out];
}

/**
 * The query as this reader may ask it: filtering or sorting by price would reveal, page by page,
 * the prices a reader who may not see them is not shown.
 */
export function readerQuery(q: ListQuery, company: BuyerCompany | null): ListQuery {
  if (!hiddenPrice(company)) return q;
  return {
    ...q,
    price_min: undefined,
    price_max: undefined,
    sort: q.sort === 'price' ? 'default' : q.sort,
  };
}

/** A page of goods for the list, search and zone screens. */
export async function listGoods(
  asked: ListQuery,
  company: BuyerCompany | null,
): Promise<GoodsPage> {
  const q = readerQuery(asked, company);
  const db = await getDb();
  const conds: SQL[] = [];
  let rankIds: number[] | null = null;
  if (q.keywords.trim()) {
    const found = searchIds(
      await searchIndex(),
      q.type === '2' ? 'manufacturer' : 'drug',
      q.keywords,
    );
    if (!found.length) return { rows: [], total: 0, page: q.page, perPage: q.per_page };
    rankIds = found;
  }
  const line = lineOf(q);
  const cats = await categoryIds(q.select, line);
  // The read model answers every filter but the 满减 membership, which it does not hold.
  const model = q.manjian ? null : catalogModel();
  if (model) {
    const { ids, total } = listFromModel(model, q, {
      categories: cats ? new Set(cats) : null,
      ranked: rankIds,
      nearExpiryBefore: nearExpiryCutoff(Date.now()),
      rank: company?.rank ?? null,
    });
    return pageOf(q, ids, total, company);
  }
  if (line) conds.push(sql`g.line = ${line}`);
  if (cats) conds.push(cats.length ? sql`g.category_id = ANY(${intArray(cats)})` : sql`false`);
  if (q.manufacturer) conds.push(sql`g.manufacturer_id = ${q.manufacturer}`);
  if (q.brand) conds.push(sql`g.brand_id = ${q.brand}`);
  if (q.drug_class) conds.push(sql`g.drug_class = ${q.drug_class}`);
  if (q.tag) conds.push(tagFilterSql(q.tag, sql`g.id`, sql`g.tags`));
  if (q.manjian)
    conds.push(
      sql`EXISTS (SELECT 1 FROM manjian_goods mg WHERE mg.goods_id = g.id AND mg.activity_id = ${q.manjian})`,
    );
  if (q.in_stock === '1') conds.push(sql`g.stock > 0`);
  if (q.near_expiry === '1') {
    conds.push(
      sql`EXISTS (SELECT 1 FROM goods_lots l WHERE l.goods_id = g.id AND l.stock > 0 AND l.expires_on < ${nearExpiryCutoff(Date.now())}::date)`,
    );
  }
  // The reader's price (lib/rankPrice buyerBasePrice): the rank's when below the base price.
  const rank = company?.rank;
  const price =
    rank == null
      ? sql`g.base_price`
      : sql`CASE WHEN (g.rank_prices->>${String(rank)})::int < g.base_price THEN (g.rank_prices->>${String(rank)})::int ELSE g.base_price END`;
  if (q.price_min !== undefined) conds.push(sql`${price} >= ${q.price_min}`);
  if (q.price_max !== undefined) conds.push(sql`${price} <= ${q.price_max}`);
  const where = conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``;

  const dir = q.order === 'asc' ? sql`ASC` : q.order === 'desc' ? sql`DESC` : null;
  let orderBy: SQL;
  switch (q.sort) {
    case 'sales':
      orderBy = sql`g.sales ${dir ?? sql`DESC`}, g.id`;
      break;
    case 'price':
      orderBy = sql`${price} ${dir ?? sql`ASC`}, g.id`;
      break;
    case 'newest':
      orderBy = sql`g.created_at ${dir ?? sql`DESC`}, g.id DESC`;
      break;
    default:
      orderBy = rankIds ? sql`r.ord` : sql`g.sales DESC, g.id`;
  }
  // Search results keep the index's ranking: join the ranked ids with their position.
  const from = rankIds
    ? sql`goods g JOIN unnest(${intArray(rankIds)}) WITH ORDINALITY AS r(id, ord) ON r.id = g.id`
    : sql`goods g`;
  const offset = (q.page - 1) * q.per_page;
  const load = async () => {
    const [countRes, idRes] = await Promise.all([
      sqlRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${from} ${where}`),
      sqlRows<{ id: number }>(
        db,
        sql`SELECT g.id FROM ${from} ${where} ORDER BY ${orderBy} LIMIT ${q.per_page} OFFSET ${offset}`,
      ),
    ]);
    return { ids: idRes.map((r) => Number(r.id)), total: Number(countRes[0]?.n ?? 0) };
  };
  const { ids, total } = await lists.get(JSON.stringify(q), load, [tag.anyGoods]);
  return pageOf(q, ids, total, company);
}

async function pageOf(
  q: ListQuery,
  ids: number[],
  total: number,
  company: BuyerCompany | null,
): Promise<GoodsPage> {
  // Goods listed for their flash sale or daily special are shown and linked at that price.
  const kind = q.tag ? VARIANT_OF_TAG[q.tag] : undefined;
  const variants = kind ? await runningVariants([kind], ids) : undefined;
  return {
    rows: await cardsByIds(ids, company, variants),
    total,
    page: q.page,
    perPage: q.per_page,
  };
}

/** Options of the filter bar: manufacturers and brands with goods, drug classes, tags, sorts. */
export function filterOptions() {
  return cachedReference('filterOptions', loadFilterOptions);
}

async function loadFilterOptions() {
  const db = await getDb();
  const [mfrs, brandRows] = await Promise.all([
    db
      .select({ id: manufacturers.id, name: manufacturers.name })
      .from(manufacturers)
      .orderBy(asc(manufacturers.initials))
      .limit(60),
    db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .orderBy(asc(brands.sort))
      .limit(40),
  ]);
  return {
    manufacturers: mfrs,
    brands: brandRows,
    drugClasses: Object.entries(DRUG_CLASS_LABEL).map(([id, name]) => ({ id, name })),
    tags: TAG_LABELS.filter((t) => t !== '换购'),
    sorts: SORTS.map((id): { id: Sort; name: string } => ({ id, name: SORT_LABELS[id] })),
  };
}

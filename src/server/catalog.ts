// The catalogue: goods lists with filters, product detail with its price variants, zones' goods.
// Pages call these functions directly; /api/goods/* endpoints parse input and call them too.
import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from './db/client.ts';
import {
  brands, categories, combinationItems, combinations, giftRules, goods, goodsPrices,
  manjianActivities, manjianGoods, manufacturers, type Line, type PriceKind,
} from './db/schema/index.ts';
import { DRUG_CLASS_LABEL, type DrugClass } from './db/seed/dictionaries.ts';
import {
  cachedBuyer, PRICE_HIDDEN_TEXT, purchaseBlock, type BuyerCompany,
} from './eligibility.ts';
import { notFound } from './http/errors.ts';
import { pageParam, parseWith, perPageParam } from './http/validate.ts';
import { searchIndex } from './search/index.ts';
import { searchIds } from './search/matcher.ts';
import { rows as sqlRows } from './db/rows.ts';
import { fenToYuan, yuanToFen } from '../lib/money.ts';
import { ttlCache } from './ttlCache.ts';
import { goodsSnapshot, goodsSnapshots, type GoodsRow, type GoodsSnapshot } from './goodsSnapshots.ts';
import { NEAR_EXPIRY_DAYS, SEARCH_CACHE_MAX_AGE_MS, TAG_LABELS } from '../lib/constants.ts';

// Lists (ids in order and the total) and reference data may be a few seconds old; the goods on a
// page come from goodsSnapshots (GOODS_CACHE_MS) and eligibility is decided per request.
const listCache = ttlCache<{ ids: number[]; total: number }>(SEARCH_CACHE_MAX_AGE_MS);
const refCache = ttlCache<unknown>(SEARCH_CACHE_MAX_AGE_MS, 50);
const cachedRef = <T>(key: string, load: () => Promise<T>) => refCache(key, load) as Promise<T>;

export { PRICE_HIDDEN_TEXT };

// ── Viewer ─────────────────────────────────────────────────────────────────────────────────────

/** Who is looking: the buying company of the session, or null for a visitor. */
export async function buyerOf(user: { companyId: number } | null | undefined): Promise<BuyerCompany | null> {
  // Every catalogue screen passes here: start loading the search index before the first keystroke.
  searchIndex().catch(() => {});
  if (!user) return null;
  return cachedBuyer(user.companyId);
}

// ── Filters ────────────────────────────────────────────────────────────────────────────────────

export const SORTS = ['default', 'sales', 'price', 'newest'] as const;
export type Sort = (typeof SORTS)[number];

const optionalId = z.preprocess((v) => (v === '' || v === undefined ? undefined : v),
  z.coerce.number({ error: '编号不正确' }).int('编号不正确').positive('编号不正确').max(2_147_483_647, '编号不正确').optional());
const flag = z.preprocess((v) => (v === '' || v === undefined ? undefined : String(v)), z.enum(['0', '1', '2'], { error: '参数不正确' }).optional());
const yuan = (field: string) => z.preprocess((v) => (v === '' || v === undefined ? undefined : v),
  z.string({ error: `${field}不正确` }).refine((s) => yuanToFen(s) !== null, `${field}不正确`).transform((s) => yuanToFen(s)!).optional());

export const listQuerySchema = z.object({
  page: pageParam,
  per_page: perPageParam(100, 20),
  keywords: z.string().max(50, '搜索词最多 50 个字').optional().default(''),
  type: z.preprocess((v) => (v === '' || v === undefined ? undefined : String(v)), z.enum(['1', '2'], { error: '搜索类型不正确' }).default('1')),
  /** category: an id, or a category name (the header's menu links) */
  select: z.string().max(30, '分类不正确').optional().default(''),
  qx: flag,
  zy: flag,
  yx: flag,
  line: z.enum(['general', 'yx', 'zy', 'qx'], { error: '产品线不正确' }).optional(),
  manufacturer: optionalId,
  brand: optionalId,
  drug_class: z.enum(Object.keys(DRUG_CLASS_LABEL) as [DrugClass, ...DrugClass[]], { error: '药品分类不正确' }).optional().or(z.literal('').transform(() => undefined)),
  tag: z.enum(TAG_LABELS, { error: '标签不正确' }).optional().or(z.literal('').transform(() => undefined)),
  in_stock: flag,
  near_expiry: flag,
  price_min: yuan('最低价'),
  price_max: yuan('最高价'),
  sort: z.enum(SORTS, { error: '排序方式不正确' }).optional().default('default'),
  order: z.enum(['asc', 'desc'], { error: '排序方向不正确' }).optional(),
}).refine((q) => q.price_min === undefined || q.price_max === undefined || q.price_min <= q.price_max, {
  message: '最低价不能高于最高价', path: ['price_min'],
});
export type ListQuery = z.output<typeof listQuerySchema>;

export function parseListQuery(input: Record<string, unknown>): ListQuery {
  return parseWith(listQuerySchema, input);
}

/** The line a query asks for: qx=2 devices, zy=2 herbs, yx=1|2 the preferred line. */
export function lineOf(q: Pick<ListQuery, 'line' | 'qx' | 'zy' | 'yx'>): Line | undefined {
  if (q.line) return q.line;
  if (q.qx === '2') return 'qx';
  if (q.zy === '2') return 'zy';
  if (q.yx === '1' || q.yx === '2') return 'yx';
  return undefined;
}

// ── Goods as the API and the pages see them ────────────────────────────────────────────────────

export interface LadderOut { id: number; number: number; price: string | null }

export interface GoodsCard {
  id: number;
  code: string;
  name: string;
  trade_name: string;
  sccj: string;
  ypgg: string;
  approval_no: string;
  drug_class: string;
  drug_class_label: string;
  bzdw: string;
  zbz: number;
  jzl: number;
  must_multiple: boolean;
  number: number;
  sales: number;
  line: Line;
  category_id: number;
  manufacturer_id: number;
  brand_id: number | null;
  goods_image: string[];
  tags: string[];
  is_free_shipping: boolean;
  free_shipping_number: number;
  is_ephedrine: boolean;
  purchase_limit: number;
  is_controlled: boolean;
  /** the lot the buyer receives: earliest expiry with stock */
  ck_id: number | null;
  batch_no: string | null;
  expires_on: string | null;
  /** null for visitors; price_text says why */
  base_price: string | null;
  /** the unit price in this context (a variant's fixed price, else the base price) */
  price: string | null;
  price_text: string | null;
  ladder_price: LadderOut[];
  goods_price_id: number | null;
  price_kind: PriceKind | null;
  is_yj: number;
  is_jxq: number;
  is_buy: boolean;
  reason: string | null;
}

interface Variant { id: number; kind: PriceKind; price: number; lotId: number | null; userLimit: number | null; endsAt: Date }

function toCard(s: GoodsSnapshot, company: BuyerCompany | null, variant: Variant | null = null): GoodsCard {
  const g = s.row;
  const block = purchaseBlock(company, { drugClass: g.drugClass, isControlled: g.isControlled, isBuy: g.isBuy, controlled: s.rule });
  const lots = s.lots.filter((l) => l.stock > 0);
  const lot = (variant?.lotId ? lots.find((l) => l.id === variant.lotId) : undefined) ?? lots[0] ?? null;
  const member = company !== null;
  const money = (fen: number) => (member ? fenToYuan(fen) : null);
  return {
    id: g.id,
    code: g.code,
    name: g.name,
    trade_name: g.tradeName,
    sccj: g.sccj,
    ypgg: g.spec,
    approval_no: g.approvalNo,
    drug_class: g.drugClass,
    drug_class_label: DRUG_CLASS_LABEL[g.drugClass as DrugClass] ?? g.drugClass,
    bzdw: g.bzdw,
    zbz: g.innerPack,
    jzl: g.caseQty,
    must_multiple: g.mustMultiple,
    number: variant?.lotId && lot ? lot.stock : g.stock,
    sales: g.sales,
    line: g.line,
    category_id: g.categoryId,
    manufacturer_id: g.manufacturerId,
    brand_id: g.brandId,
    goods_image: g.images,
    tags: g.tags,
    is_free_shipping: g.isFreeShipping,
    free_shipping_number: g.freeShippingNumber,
    is_ephedrine: g.isEphedrine,
    purchase_limit: g.purchaseLimit,
    is_controlled: g.isControlled,
    ck_id: lot?.id ?? null,
    batch_no: lot?.batchNo ?? null,
    expires_on: lot?.expiresOn ?? null,
    base_price: money(g.basePrice),
    price: money(variant ? variant.price : g.basePrice),
    price_text: member ? null : PRICE_HIDDEN_TEXT,
    // A variant's fixed price replaces the ladder (lib/pricing).
    ladder_price: variant ? [] : s.ladders.map((l) => ({ id: l.id, number: l.minNumber, price: money(l.price) })),
    goods_price_id: variant?.id ?? null,
    price_kind: variant?.kind ?? null,
    is_yj: variant?.kind === 'yj' ? 1 : 0,
    is_jxq: variant?.kind === 'near_expiry' ? 1 : 0,
    is_buy: block === null && g.stock > 0,
    reason: block?.reason ?? (g.stock > 0 ? null : '暂时缺货'),
  };
}

/** Cards for goods rows in the given order, with their ladders, lots and eligibility. */
export async function cardsFor(rows: GoodsRow[], company: BuyerCompany | null, variants?: Map<number, Variant>): Promise<GoodsCard[]> {
  const snaps = await goodsSnapshots(rows.map((r) => r.id));
  // The row just read is at least as fresh as the snapshot's.
  return rows.map((g) => toCard({ ladders: [], lots: [], rule: null, ...snaps.get(g.id), row: g }, company, variants?.get(g.id) ?? null));
}

/** Cards for goods ids, keeping the order of `ids` and dropping unknown ones. */
export async function cardsByIds(ids: readonly number[], company: BuyerCompany | null): Promise<GoodsCard[]> {
  if (!ids.length) return [];
  const snaps = await goodsSnapshots(ids);
  return ids.flatMap((id) => {
    const s = snaps.get(id);
    return s ? [toCard(s, company)] : [];
  });
}

// ── Lists ──────────────────────────────────────────────────────────────────────────────────────

export interface GoodsPage {
  rows: GoodsCard[];
  total: number;
  page: number;
  perPage: number;
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

async function categoryIds(select: string, line: Line | undefined): Promise<number[] | null> {
  if (!select) return null;
  const db = await getDb();
  const asId = /^\d+$/.test(select) ? Number(select) : null;
  const cats = await cachedRef('categories', () => db.select({ id: categories.id, parentId: categories.parentId, name: categories.name, line: categories.line }).from(categories));
  const roots = cats.filter((c) => (asId !== null ? c.id === asId : c.name === select && (!line || c.line === line)));
  const out = new Set<number>();
  const walk = (id: number) => {
    out.add(id);
    for (const c of cats) if (c.parentId === id) walk(c.id);
  };
  for (const r of roots) walk(r.id);
  return [...out];
}

/** A page of goods for the list, search and zone screens. */
export async function listGoods(q: ListQuery, company: BuyerCompany | null, extra: SQL[] = []): Promise<GoodsPage> {
  const db = await getDb();
  const conds: SQL[] = [...extra];
  let rankIds: number[] | null = null;
  if (q.keywords.trim()) {
    const found = searchIds(await searchIndex(), q.type === '2' ? 'manufacturer' : 'drug', q.keywords);
    if (!found.length) return { rows: [], total: 0, page: q.page, perPage: q.per_page };
    rankIds = found;
  }
  const line = lineOf(q);
  if (line) conds.push(sql`g.line = ${line}`);
  const cats = await categoryIds(q.select, line);
  if (cats) conds.push(cats.length ? sql`g.category_id = ANY(${intArray(cats)})` : sql`false`);
  if (q.manufacturer) conds.push(sql`g.manufacturer_id = ${q.manufacturer}`);
  if (q.brand) conds.push(sql`g.brand_id = ${q.brand}`);
  if (q.drug_class) conds.push(sql`g.drug_class = ${q.drug_class}`);
  if (q.tag) conds.push(sql`${q.tag} = ANY(g.tags)`);
  if (q.in_stock === '1') conds.push(sql`g.stock > 0`);
  if (q.near_expiry === '1') {
    conds.push(sql`EXISTS (SELECT 1 FROM goods_lots l WHERE l.goods_id = g.id AND l.stock > 0 AND l.expires_on < current_date + ${NEAR_EXPIRY_DAYS}::int)`);
  }
  if (q.price_min !== undefined) conds.push(sql`g.base_price >= ${q.price_min}`);
  if (q.price_max !== undefined) conds.push(sql`g.base_price <= ${q.price_max}`);
  const where = conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``;

  const dir = q.order === 'asc' ? sql`ASC` : q.order === 'desc' ? sql`DESC` : null;
  let orderBy: SQL;
  switch (q.sort) {
    case 'sales': orderBy = sql`g.sales ${dir ?? sql`DESC`}, g.id`; break;
    case 'price': orderBy = sql`g.base_price ${dir ?? sql`ASC`}, g.id`; break;
    case 'newest': orderBy = sql`g.created_at ${dir ?? sql`DESC`}, g.id DESC`; break;
    default: orderBy = rankIds ? sql`r.ord` : sql`g.sales DESC, g.id`;
  }
  // Search results keep the index's ranking: join the ranked ids with their position.
  const from = rankIds ? sql`goods g JOIN unnest(${intArray(rankIds)}) WITH ORDINALITY AS r(id, ord) ON r.id = g.id` : sql`goods g`;
  const offset = (q.page - 1) * q.per_page;
  const key = extra.length ? null : JSON.stringify(q);
  const load = async () => {
    const [countRes, idRes] = await Promise.all([
      sqlRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${from} ${where}`),
      sqlRows<{ id: number }>(db, sql`SELECT g.id FROM ${from} ${where} ORDER BY ${orderBy} LIMIT ${q.per_page} OFFSET ${offset}`),
    ]);
    return { ids: idRes.map((r) => Number(r.id)), total: Number(countRes[0]?.n ?? 0) };
  };
  const { ids, total } = key ? await listCache(key, load) : await load();
  return { rows: await cardsByIds(ids, company), total, page: q.page, perPage: q.per_page };
}

/** Options of the filter bar: manufacturers and brands with goods, drug classes, tags. */
export function filterOptions() {
  return cachedRef('filterOptions', loadFilterOptions);
}

async function loadFilterOptions() {
  const db = await getDb();
  const [mfrs, brandRows] = await Promise.all([
    db.select({ id: manufacturers.id, name: manufacturers.name }).from(manufacturers).orderBy(asc(manufacturers.initials)).limit(60),
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.sort)).limit(40),
  ]);
  return {
    manufacturers: mfrs,
    brands: brandRows,
    drugClasses: Object.entries(DRUG_CLASS_LABEL).map(([id, name]) => ({ id, name })),
    tags: [...TAG_LABELS],
    sorts: [
      { id: 'default', name: '综合' }, { id: 'sales', name: '销量' }, { id: 'price', name: '价格' }, { id: 'newest', name: '最新' },
    ] as { id: Sort; name: string }[],
  };
}

// ── Price variants ─────────────────────────────────────────────────────────────────────────────

/** Active variants of a kind (flash sale, daily special, near expiry, yj), best-selling first. */
export async function variantGoods(kind: PriceKind, company: BuyerCompany | null, page = 1, perPage = 20): Promise<GoodsPage> {
  const db = await getDb();
  const now = new Date();
  const active = and(eq(goodsPrices.kind, kind), sql`${goodsPrices.startsAt} <= ${now}`, gte(goodsPrices.endsAt, now));
  const [countRow] = await db.select({ n: sql<number>`count(*)::int` }).from(goodsPrices).where(active);
  const rows = await db.select({ v: goodsPrices, g: goods }).from(goodsPrices).innerJoin(goods, eq(goods.id, goodsPrices.goodsId))
    .where(active).orderBy(sql`${goods.sales} DESC`, asc(goodsPrices.id)).limit(perPage).offset((page - 1) * perPage);
  return {
    rows: await cardsFor(rows.map((r) => r.g), company, new Map(rows.map((r) => [r.g.id, r.v]))),
    total: Number(countRow?.n ?? 0),
    page,
    perPage,
  };
}

// ── Detail ─────────────────────────────────────────────────────────────────────────────────────

export const detailQuerySchema = z.object({
  goods_price_id: optionalId,
  ladder_price_id: optionalId,
  goods_manjian_id: optionalId,
  is_yj: flag,
  is_jxq: flag,
});
export type DetailQuery = z.output<typeof detailQuerySchema>;

export interface GoodsDetail extends GoodsCard {
  category: { id: number; name: string; parent: string | null };
  brand: string | null;
  description: string;
  lots: { id: number; batch_no: string; produced_on: string; expires_on: string; stock: number; near_expiry: boolean }[];
  manjian: { id: number; name: string; tiers: { amount: string; reduce: string }[] } | null;
  gifts: { name: string; buy_number: number; gift_number: number; max_total: number | null }[];
  combinations: { id: number; name: string; pack_price: string | null; items: { goods_id: number; name: string; number: number }[] }[];
  /** the ladder tier the link pointed at: the quantity starts there */
  start_number: number;
  /** variant window end (flash sale / daily special countdown) */
  ends_at: string | null;
  user_limit: number | null;
}

async function pickVariant(goodsId: number, q: DetailQuery): Promise<Variant | null> {
  const db = await getDb();
  const now = new Date();
  const active = and(eq(goodsPrices.goodsId, goodsId), sql`${goodsPrices.startsAt} <= ${now}`, gte(goodsPrices.endsAt, now));
  let cond: SQL | undefined;
  if (q.goods_price_id) cond = eq(goodsPrices.id, q.goods_price_id);
  else if (q.is_jxq === '1') cond = eq(goodsPrices.kind, 'near_expiry');
  else if (q.is_yj === '1') cond = eq(goodsPrices.kind, 'yj');
  if (!cond) return null;
  // A stale or foreign variant link falls back to the normal price rather than failing.
  const [v] = await db.select().from(goodsPrices).where(and(active, cond)).orderBy(asc(goodsPrices.price)).limit(1);
  return v ?? null;
}

// What a detail shows besides price and stock: category, brand and the promotions it takes part
// in. Cached per goods for a few seconds; prices, lots and eligibility are read on every request.
async function detailStatics(g: GoodsRow) {
  const db = await getDb();
  const now = new Date();
  const [cat, brandRow, mjRows, giftRows, comboRows] = await Promise.all([
    db.select().from(categories).where(eq(categories.id, g.categoryId)).limit(1),
    g.brandId ? db.select({ name: brands.name }).from(brands).where(eq(brands.id, g.brandId)).limit(1) : Promise.resolve([]),
    db.select({ a: manjianActivities }).from(manjianGoods).innerJoin(manjianActivities, eq(manjianActivities.id, manjianGoods.activityId))
      .where(and(eq(manjianGoods.goodsId, g.id), gte(manjianActivities.endsAt, now), sql`${manjianActivities.startsAt} <= ${now}`)),
    db.select().from(giftRules).where(eq(giftRules.goodsId, g.id)),
    db.select({ c: combinations }).from(combinationItems).innerJoin(combinations, eq(combinations.id, combinationItems.combinationId))
      .where(eq(combinationItems.goodsId, g.id)),
  ]);
  const parent = cat[0]?.parentId
    ? (await db.select({ name: categories.name }).from(categories).where(eq(categories.id, cat[0].parentId)).limit(1))[0]?.name ?? null
    : null;
  const comboItems = comboRows.length
    ? await db.select({ combinationId: combinationItems.combinationId, goodsId: combinationItems.goodsId, number: combinationItems.number, name: goods.name })
      .from(combinationItems).innerJoin(goods, eq(goods.id, combinationItems.goodsId))
      .where(inArray(combinationItems.combinationId, comboRows.map((r) => r.c.id)))
    : [];
  return {
    category: cat[0]?.name ?? '', parent, brand: brandRow[0]?.name ?? null,
    mjRows: mjRows.map((r) => r.a), giftRows, comboRows, comboItems,
  };
}
const detailCache = ttlCache<Awaited<ReturnType<typeof detailStatics>>>(SEARCH_CACHE_MAX_AGE_MS, 2000);

export async function goodsDetail(id: number, q: DetailQuery, company: BuyerCompany | null): Promise<GoodsDetail> {
  const snap = await goodsSnapshot(id);
  if (!snap) throw notFound('商品不存在或已下架');
  const g = snap.row;
  const [variant, st] = await Promise.all([pickVariant(id, q), detailCache(String(id), () => detailStatics(g))]);
  const card = toCard(snap, company, variant);
  const mj = (q.goods_manjian_id ? st.mjRows.find((r) => r.id === q.goods_manjian_id) : undefined) ?? st.mjRows[0];
  const member = company !== null;
  const money = (fen: number) => (member ? fenToYuan(fen) : null);
  const ladder = card.ladder_price;
  const start = (q.ladder_price_id && ladder.find((l) => l.id === q.ladder_price_id)?.number) || Math.max(1, g.mustMultiple ? g.innerPack : 1);
  const soon = new Date(Date.now() + NEAR_EXPIRY_DAYS * 24 * 3600 * 1000).toISOString().slice(0, 10);
  return {
    ...card,
    category: { id: g.categoryId, name: st.category, parent: st.parent },
    brand: st.brand,
    description: g.description,
    lots: snap.lots.map((l) => ({ id: l.id, batch_no: l.batchNo, produced_on: l.producedOn, expires_on: l.expiresOn, stock: l.stock, near_expiry: l.expiresOn < soon })),
    manjian: mj ? { id: mj.id, name: mj.name, tiers: mj.tiers.map((t) => ({ amount: fenToYuan(t.amount), reduce: fenToYuan(t.reduce) })) } : null,
    gifts: st.giftRows.map((r) => ({ name: r.giftName, buy_number: r.buyNumber, gift_number: r.giftNumber, max_total: r.maxTotal })),
    combinations: st.comboRows.map((r) => ({
      id: r.c.id, name: r.c.name, pack_price: money(r.c.packPrice),
      items: st.comboItems.filter((i) => i.combinationId === r.c.id).map((i) => ({ goods_id: i.goodsId, name: i.name, number: i.number })),
    })),
    start_number: start,
    ends_at: variant ? variant.endsAt.toISOString() : null,
    user_limit: variant?.userLimit ?? null,
  };
}

/** Goods of the same generic name from other manufacturers (/list/other/{id}). */
export async function sameNameGoods(id: number, company: BuyerCompany | null, page: number, perPage = 20): Promise<{ goods: GoodsRow; list: GoodsPage }> {
  const db = await getDb();
  const [g] = await db.select().from(goods).where(eq(goods.id, id)).limit(1);
  if (!g) throw notFound('商品不存在或已下架');
  const where = eq(goods.name, g.name);
  const [countRow] = await db.select({ n: sql<number>`count(*)::int` }).from(goods).where(where);
  const rows = await db.select().from(goods).where(where).orderBy(sql`${goods.sales} DESC`, asc(goods.id)).limit(perPage).offset((page - 1) * perPage);
  return { goods: g, list: { rows: await cardsFor(rows, company), total: Number(countRow?.n ?? 0), page, perPage } };
}

/** Best sellers (热销). */
export async function hotGoods(company: BuyerCompany | null, limit = 10, line?: Line): Promise<GoodsCard[]> {
  const db = await getDb();
  const rows = await db.select().from(goods).where(line ? eq(goods.line, line) : undefined).orderBy(sql`${goods.sales} DESC`, asc(goods.id)).limit(limit);
  return cardsFor(rows, company);
}

/** 为你推荐: goods the member may buy (its scope), best sellers first; visitors get best sellers. */
export async function recommended(company: BuyerCompany | null, page: number, perPage: number): Promise<GoodsPage> {
  const db = await getDb();
  const where = company && company.jyfw.length
    ? and(inArray(goods.drugClass, [...company.jyfw]), eq(goods.isControlled, false), sql`${goods.stock} > 0`)
    : sql`${goods.stock} > 0`;
  const [countRow] = await db.select({ n: sql<number>`count(*)::int` }).from(goods).where(where);
  const rows = await db.select().from(goods).where(where).orderBy(sql`${goods.sales} DESC`, asc(goods.id)).limit(perPage).offset((page - 1) * perPage);
  return { rows: await cardsFor(rows, company), total: Number(countRow?.n ?? 0), page, perPage };
}

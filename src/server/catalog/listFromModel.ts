// The goods list answered from the catalogue read model (goodsSnapshots.ts): the same filters and
// orders as the list's SQL, over the goods held in memory. A page over 100,000 goods is one pass
// over an order kept per sort, so a buyer paging or filtering never waits for the database.
import type { CatalogModel, GoodsSnapshot } from '#/server/goodsSnapshots.ts';
import type { ListQuery } from './query.ts';
import { lineOf } from './query.ts';

import { NEAR_EXPIRY_DAYS } from '#/lib/constants.ts';

/** Lots expiring before this day (YYYY-MM-DD) are near expiry (the /jxqzc zone, the detail's marks). */
export const nearExpiryCutoff = (nowMs: number) =>
  new Date(nowMs + NEAR_EXPIRY_DAYS * 24 * 3600 * 1000).toISOString().slice(0, 10);

type Compare = (a: GoodsSnapshot, b: GoodsSnapshot) => number;

const bySales =
  (dir: 1 | -1): Compare =>
  (a, b) =>
    dir * (a.row.sales - b.row.sales) || a.row.id - b.row.id;
const byPrice =
  (dir: 1 | -1): Compare =>
  (a, b) =>
    dir * (a.row.basePrice - b.row.basePrice) || a.row.id - b.row.id;
const byNewest =
  (dir: 1 | -1): Compare =>
  (a, b) =>
    dir * (a.row.createdAt.getTime() - b.row.createdAt.getTime()) || b.row.id - a.row.id;

/** The order a query asks for; null keeps the search ranking. Ties as in the SQL: by id. */
function compareFor(q: ListQuery, ranked: boolean): { key: string; compare: Compare } | null {
  const asc = q.order === 'asc';
  const desc = q.order === 'desc';
  switch (q.sort) {
    case 'sales':
      return { key: `sales:${asc}`, compare: bySales(asc ? 1 : -1) };
    case 'price':
      return { key: `price:${desc}`, compare: byPrice(desc ? -1 : 1) };
    case 'newest':
      return { key: `newest:${asc}`, compare: byNewest(asc ? 1 : -1) };
    default:
      return ranked ? null : { key: 'sales:false', compare: bySales(-1) };
  }
}

// Whole-catalogue orders, rebuilt at most once per model version and sort.
const orders = new Map<string, { version: number; goods: GoodsSnapshot[] }>();

function sortedCatalogue(model: CatalogModel, key: string, compare: Compare): GoodsSnapshot[] {
  const kept = orders.get(key);
  if (kept && kept.version === model.version) return kept.goods;
  const goods = [...model.goods.values()].sort(compare);
  orders.set(key, { version: model.version, goods });
  return goods;
}

export interface ModelListInput {
  /** category ids (a category with its descendants); null = any */
  categories: ReadonlySet<number> | null;
  /** ids in search-ranking order; null when the query has no keywords */
  ranked: readonly number[] | null;
  /** expiry dates before this (YYYY-MM-DD) are near expiry */
  nearExpiryBefore: string;
}

// The ids a filter matches, in order, per model version: the next page of the same filter (or the
// same page asked again) is a slice. Bounded by the ids held, not by entries.
const MATCH_BUDGET = 2_000_000;
const matches = new Map<string, { model: CatalogModel; version: number; ids: Int32Array }>();
let held = 0;

function remember(key: string, model: CatalogModel, ids: Int32Array): Int32Array {
  const old = matches.get(key);
  if (old) {
    held -= old.ids.length;
    matches.delete(key);
  }
  for (const [k, e] of matches) {
    if (held + ids.length <= MATCH_BUDGET) break;
    held -= e.ids.length;
    matches.delete(k);
  }
  matches.set(key, { model, version: model.version, ids });
  held += ids.length;
  return ids;
}

/** One page of ids and the total, as the list's SQL would answer them. */
export function listFromModel(
  model: CatalogModel,
  q: ListQuery,
  input: ModelListInput,
): { ids: number[]; total: number } {
  const { page, per_page: perPage, ...filter } = q;
  const key = JSON.stringify([
    filter,
    input.nearExpiryBefore,
    input.categories && [...input.categories],
    input.ranked && fingerprint(input.ranked),
  ]);
  const kept = matches.get(key);
  const ids =
    kept && kept.model === model && kept.version === model.version
      ? kept.ids
      : remember(key, model, matchingIds(model, q, input));
  const from = (page - 1) * perPage;
  return { ids: [...ids.subarray(from, from + perPage)], total: ids.length };
}

/** A short stand-in for a list of ids (a search's ranking) in a cache key. */
function fingerprint(ids: readonly number[]): string {
  let h = 0x811c9dc5;
  for (const id of ids) h = Math.imul(h ^ id, 0x01000193);
  return `${ids.length}:${h >>> 0}`;
}

/** Every goods the query matches, in the order it asks for. */
function matchingIds(model: CatalogModel, q: ListQuery, input: ModelListInput): Int32Array {
  const line = lineOf(q);
  const { categories, nearExpiryBefore } = input;
  const keep = (s: GoodsSnapshot): boolean => {
    const g = s.row;
    if (line && g.line !== line) return false;
    if (categories && !categories.has(g.categoryId)) return false;
    if (q.manufacturer && g.manufacturerId !== q.manufacturer) return false;
    if (q.brand && g.brandId !== q.brand) return false;
    if (q.drug_class && g.drugClass !== q.drug_class) return false;
    if (q.tag && !s.tags.includes(q.tag)) return false;
    if (q.in_stock === '1' && !(g.stock > 0)) return false;
    if (q.near_expiry === '1' && !s.lots.some((l) => l.stock > 0 && l.expiresOn < nearExpiryBefore))
      return false;
    if (q.price_min !== undefined && g.basePrice < q.price_min) return false;
    if (q.price_max !== undefined && g.basePrice > q.price_max) return false;
    return true;
  };
  const order = compareFor(q, input.ranked !== null);
  let candidates: Iterable<GoodsSnapshot>;
  if (input.ranked) {
    const found = input.ranked.flatMap((id) => {
      const s = model.goods.get(id);
      return s ? [s] : [];
    });
    candidates = order ? found.sort(order.compare) : found;
  } else {
    candidates = sortedCatalogue(model, order!.key, order!.compare);
  }
  const out: number[] = [];
  for (const s of candidates) if (keep(s)) out.push(s.row.id);
  return Int32Array.from(out);
}

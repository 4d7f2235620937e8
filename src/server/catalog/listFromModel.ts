// The goods list answered from the catalogue read model (goodsSnapshots.ts): the same filters and
// orders as the list's SQL, over the goods held in memory. A page over 100,000 goods is one pass
// over an order kept per sort (modelColumns.ts), so a buyer paging or filtering never waits for
// the database.
import type { CatalogModel, GoodsSnapshot } from '#/server/goodsSnapshots.ts';
import type { ListQuery } from './query.ts';
import { lineOf } from './query.ts';
import { buyerBasePrice } from '#/lib/rankPrice.ts';
import { catalogueOrder, columnsOf, pricesFor, type SortSpec } from './modelColumns.ts';

import { NEAR_EXPIRY_DAYS } from '#/lib/constants.ts';
import { shopDay } from '#/lib/shopClock.ts';

/**
 * Lots expiring before this day (YYYY-MM-DD) are near expiry (the /jxqzc zone, the detail's
 * marks): NEAR_EXPIRY_DAYS after the shop's today, Beijing time, for the read model and the SQL
 * (catalog/list.ts) alike.
 */
export const nearExpiryCutoff = (nowMs: number) =>
  shopDay(new Date(nowMs + NEAR_EXPIRY_DAYS * 24 * 3600 * 1000));

type Compare = (a: GoodsSnapshot, b: GoodsSnapshot) => number;

const SALES = (dir: 1 | -1): SortSpec => ({ key: `sales:${dir}`, field: 'sales', dir, tie: 1 });

/** The order a query asks for; null keeps the search ranking. Ties as in the SQL: by id. */
function sortFor(q: ListQuery, ranked: boolean, rank: number | null): SortSpec | null {
  const asc = q.order === 'asc';
  switch (q.sort) {
    case 'sales':
      return SALES(asc ? 1 : -1);
    case 'price':
      return {
        key: `price:${q.order === 'desc'}:${rank ?? ''}`,
        field: 'price',
        dir: q.order === 'desc' ? -1 : 1,
        tie: 1,
        rank,
      };
    case 'newest':
      return { key: `newest:${asc}`, field: 'created', dir: asc ? 1 : -1, tie: -1 };
    default:
      return ranked ? null : SALES(-1);
  }
}

/** The same order over goods objects (a search's matches). */
function compareOf(spec: SortSpec): Compare {
  const value = (s: GoodsSnapshot) =>
    spec.field === 'sales'
      ? s.row.sales
      : spec.field === 'price'
        ? buyerBasePrice(s.row, spec.rank)
        : s.row.createdAt.getTime();
  return (a, b) => spec.dir * (value(a) - value(b)) || spec.tie * (a.row.id - b.row.id);
}

export interface ModelListInput {
  /** category ids (a category with its descendants); null = any */
  categories: ReadonlySet<number> | null;
  /** ids in search-ranking order; null when the query has no keywords */
  ranked: readonly number[] | null;
  /** expiry dates before this (YYYY-MM-DD) are near expiry */
  nearExpiryBefore: string;
  /** the reader's member rank: price filters and the price order use that rank's prices */
  rank?: number | null;
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
    // only a price filter or order reads the rank
    q.sort === 'price' || q.price_min !== undefined || q.price_max !== undefined
      ? (input.rank ?? null)
      : null,
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
  // What the columns cannot answer, checked only for goods that pass them.
  const keepRest = (s: GoodsSnapshot): boolean =>
    (!q.tag || s.tags.includes(q.tag)) &&
    (q.near_expiry !== '1' || s.lots.some((l) => l.stock > 0 && l.expiresOn < nearExpiryBefore));
  const rank = input.rank ?? null;
  const order = sortFor(q, input.ranked !== null, rank);
  if (input.ranked) {
    const keep = (s: GoodsSnapshot): boolean => {
      const g = s.row;
      if (line && g.line !== line) return false;
      if (categories && !categories.has(g.categoryId)) return false;
      if (q.manufacturer && g.manufacturerId !== q.manufacturer) return false;
      if (q.brand && g.brandId !== q.brand) return false;
      if (q.drug_class && g.drugClass !== q.drug_class) return false;
      if (q.in_stock === '1' && !(g.stock > 0)) return false;
      const price = buyerBasePrice(g, rank);
      if (q.price_min !== undefined && price < q.price_min) return false;
      if (q.price_max !== undefined && price > q.price_max) return false;
      return keepRest(s);
    };
    const found = input.ranked.flatMap((id) => {
      const s = model.goods.get(id);
      return s ? [s] : [];
    });
    if (order) found.sort(compareOf(order));
    return Int32Array.from(found.filter(keep), (s) => s.row.id);
  }
  const c = columnsOf(model);
  // A text value no goods has matches nothing (code 0 never occurs).
  const lineCode = line ? (c.lineCodes.get(line) ?? 0) : -1;
  const classCode = q.drug_class ? (c.classCodes.get(q.drug_class) ?? 0) : -1;
  const manufacturer = q.manufacturer || -1;
  const brand = q.brand || -1;
  const inStock = q.in_stock === '1';
  const prices = pricesFor(c, rank);
  const priceMin = q.price_min ?? Number.NEGATIVE_INFINITY;
  const priceMax = q.price_max ?? Number.POSITIVE_INFINITY;
  const rest = Boolean(q.tag) || q.near_expiry === '1';
  const positions = catalogueOrder(c, order!);
  const out = new Int32Array(positions.length);
  let found = 0;
  for (let k = 0; k < positions.length; k++) {
    const i = positions[k]!;
    if (lineCode >= 0 && c.line[i] !== lineCode) continue;
    if (categories && !categories.has(c.category[i]!)) continue;
    if (manufacturer > 0 && c.manufacturer[i] !== manufacturer) continue;
    if (brand > 0 && c.brand[i] !== brand) continue;
    if (classCode >= 0 && c.drugClass[i] !== classCode) continue;
    if (inStock && c.inStock[i] === 0) continue;
    const price = prices[i]!;
    if (price < priceMin || price > priceMax) continue;
    if (rest && !keepRest(c.goods[i]!)) continue;
    out[found++] = c.id[i]!;
  }
  return out.slice(0, found);
}

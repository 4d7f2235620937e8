// The goods search index of this process, built from the catalogue read model's rows
// (goodsSnapshots.ts): the same goods objects, grouped by search key, not a second copy.
//
// Why in memory: trigram indexes do not serve patterns under 3 characters, and buyers type one or
// two pinyin initials. Goods names repeat across manufacturers (100,000 goods share a few hundred
// generic names), so the index groups goods by each distinct search key and matches only the keys:
// a query scans a few thousand short strings, then takes the goods of the matching keys.
//
// Freshness: the read model's searchVersion moves when a poll sees goods added, removed or renamed;
// the index is rebuilt then, in the background, and searches meanwhile use the index they have.
import { loadedCatalogModel } from '#/server/goodsSnapshots.ts';
import { buildIndex, type SearchIndex } from './matcher.ts';

export { type SearchMode } from './matcher.ts';

const state: { index?: SearchIndex; version?: number; building?: boolean } = {};

/** The current index: built on first use, rebuilt in the background after searched fields change. */
export async function searchIndex(): Promise<SearchIndex> {
  const model = await loadedCatalogModel();
  if (!state.index) {
    state.index = buildIndex([...model.goods.values()].map((s) => s.row));
    state.version = model.searchVersion;
  } else if (state.version !== model.searchVersion && !state.building) {
    state.building = true;
    setImmediate(() => {
      state.version = model.searchVersion;
      state.index = buildIndex([...model.goods.values()].map((s) => s.row));
      state.building = false;
    });
  }
  return state.index;
}

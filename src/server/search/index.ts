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
// A rebuild takes hundreds of ms at 100,000 goods (seconds on a busy machine): it runs in slices
// with requests served between them, so no page waits for a whole rebuild. An ERP import moves
// searchVersion at every poll for minutes: while changes keep coming, rebuilds are spaced by
// REBUILD_GAP_FACTOR times the last one's length (at least MIN_REBUILD_GAP_MS), so they take a
// small share of the process and the index is at most a few seconds behind the import.
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers/promises';
import { loadedCatalogModel, type CatalogModel } from '#/server/goodsSnapshots.ts';
import { buildIndex, buildIndexInSlices, type SearchIndex } from './matcher.ts';

export { type SearchMode } from './matcher.ts';

const MIN_REBUILD_GAP_MS = 1000;
const REBUILD_GAP_FACTOR = 10;

const state: {
  index?: SearchIndex;
  version?: number;
  building?: boolean;
  /** a rebuild waiting for its gap to pass */
  waiting?: ReturnType<typeof setTimeout> | undefined;
  builtAt: number;
  buildMs: number;
} = { builtAt: 0, buildMs: 0 };

const rowsOf = (model: CatalogModel) => [...model.goods.values()].map((s) => s.row);

function build(model: CatalogModel): void {
  const started = performance.now();
  state.version = model.searchVersion;
  state.index = buildIndex(rowsOf(model));
  state.buildMs = performance.now() - started;
  state.builtAt = Date.now();
}

/**
 * A rebuild in slices, with requests served between them; searches use the old index meanwhile.
 * Its length is the time its slices took, not counting what ran between them.
 */
async function rebuild(model: CatalogModel): Promise<void> {
  const version = model.searchVersion;
  let busy = 0;
  let sliceStart = performance.now();
  const index = await buildIndexInSlices(rowsOf(model), async () => {
    busy += performance.now() - sliceStart;
    await setImmediate();
    sliceStart = performance.now();
  });
  state.version = version;
  state.index = index;
  state.buildMs = busy + performance.now() - sliceStart;
  state.builtAt = Date.now();
}

function rebuildSoon(): void {
  if (state.building || state.waiting) return;
  const wait =
    state.builtAt + Math.max(MIN_REBUILD_GAP_MS, REBUILD_GAP_FACTOR * state.buildMs) - Date.now();
  const start = () => {
    state.waiting = undefined;
    state.building = true;
    void loadedCatalogModel()
      .then(rebuild)
      .finally(() => {
        state.building = false;
      });
  };
  if (wait <= 0) start();
  else state.waiting = setTimeout(start, wait).unref();
}

/** The current index: built on first use, rebuilt in the background after searched fields change. */
export async function searchIndex(): Promise<SearchIndex> {
  const model = await loadedCatalogModel();
  if (!state.index) build(model);
  else if (state.version !== model.searchVersion) rebuildSoon();
  return state.index!;
}

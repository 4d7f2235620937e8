// In-memory search index over the goods table, one per process.
//
// Why in memory: trigram indexes do not serve patterns under 3 characters, and buyers type one or
// two pinyin initials. Goods names repeat across manufacturers (100,000 goods share a few hundred
// generic names), so the index groups goods by each distinct search key and matches only the keys:
// a query scans a few thousand short strings, then takes the goods of the matching keys.
//
// Freshness across processes: every SEARCH_CACHE_MAX_AGE_MS one single-row read of search_version
// runs (a statement trigger on goods moves it when goods are added, removed or renamed; migration
// 0004); the index reloads when it changed. Searches meanwhile use the index they have.
import { sql } from 'drizzle-orm';
import { rows } from '#/server/db/rows.ts';
import { getDb } from '#/server/db/client.ts';
import { SEARCH_CACHE_MAX_AGE_MS } from '#/lib/constants.ts';
import { buildIndex, type IndexRow, type SearchIndex } from './matcher.ts';

export { type SearchMode } from './matcher.ts';

interface State {
  index: SearchIndex;
  signature: string;
  checkedAt: number;
}

const slot = globalThis as unknown as {
  __yaopiSearch?: {
    state?: State;
    loading?: Promise<State> | undefined;
    checking?: Promise<void> | undefined;
  };
};
const holder = (slot.__yaopiSearch ??= {});

async function signature(): Promise<string> {
  const db = await getDb();
  const r = await rows<{ version: string | number }>(
    db,
    sql`SELECT version FROM search_version WHERE id = 1`,
  );
  return String(r[0]?.version ?? '');
}

async function load(): Promise<State> {
  const db = await getDb();
  const sig = await signature();
  const r = await rows<IndexRow>(
    db,
    sql`
    SELECT id, name, trade_name AS "tradeName", sccj, spec, sales, approval_no AS "approvalNo",
           name_initials AS "nameInitials", name_pinyin AS "namePinyin", trade_initials AS "tradeInitials", trade_pinyin AS "tradePinyin",
           sccj_initials AS "sccjInitials", sccj_pinyin AS "sccjPinyin"
    FROM goods`,
  );
  return { index: buildIndex(r), signature: sig, checkedAt: Date.now() };
}

/** The current index: loaded on first use, re-checked in the background when older than 5 s. */
export async function searchIndex(): Promise<SearchIndex> {
  const state = holder.state;
  if (!state) {
    holder.loading ??= load().finally(() => {
      holder.loading = undefined;
    });
    const loaded = await holder.loading;
    holder.state = loaded;
    return loaded.index;
  }
  if (Date.now() - state.checkedAt > SEARCH_CACHE_MAX_AGE_MS && !holder.checking) {
    state.checkedAt = Date.now();
    holder.checking = (async () => {
      if ((await signature()) !== state.signature) holder.state = await load();
    })()
      .catch(() => {})
      .finally(() => {
        holder.checking = undefined;
      });
  }
  return state.index;
}

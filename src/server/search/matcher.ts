// Pure matching and ranking of the goods search (no database): unit-tested on its own.

export type SearchMode = 'drug' | 'manufacturer';

export interface IndexRow {
  id: number;
  name: string;
  tradeName: string;
  sccj: string;
  spec: string;
  sales: number;
  approvalNo: string;
  nameInitials: string;
  namePinyin: string;
  tradeInitials: string;
  tradePinyin: string;
  sccjInitials: string;
  sccjPinyin: string;
}

/** One distinct search key and the goods carrying it, best-selling first. */
interface KeyGroup {
  key: string;
  /** lower is better: which field the key came from */
  field: number;
  ids: number[];
}

export interface SearchIndex {
  rows: Map<number, IndexRow>;
  drug: KeyGroup[];
  manufacturer: KeyGroup[];
  /** approval numbers, lower-cased, sorted, for prefix lookups: the goods of keys[i] is ids[i] */
  approvals: { keys: string[]; ids: number[] };
  size: number;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, '');

/** Rows (or sorted ids) a slice of a build handles before it may let other work run. */
const SLICE = 2000;

function* groups(
  rows: readonly IndexRow[],
  fields: ((r: IndexRow) => string)[],
  sales: ReadonlyMap<number, number>,
): Generator<void, KeyGroup[]> {
  const map = new Map<string, KeyGroup>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    fields.forEach((f, field) => {
      const key = norm(f(r));
      if (!key) return;
      const id = `${field}\u0000${key}`;
      let g = map.get(id);
      if (!g) map.set(id, (g = { key, field, ids: [] }));
      g.ids.push(r.id);
    });
    if (i % SLICE === SLICE - 1) yield;
  }
  const out = [...map.values()];
  let sorted = 0;
  for (const g of out) {
    g.ids.sort((a, b) => sales.get(b)! - sales.get(a)! || a - b);
    sorted += g.ids.length;
    if (sorted >= SLICE) {
      sorted = 0;
      yield;
    }
  }
  return out;
}

/** Two sorted runs merged into one, a slice at a time. */
function* merged<T>(a: T[], b: T[], cmp: (x: T, y: T) => number): Generator<void, T[]> {
  const out: T[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < out.length; k++) {
    out[k] = j >= b.length || (i < a.length && cmp(a[i]!, b[j]!) <= 0) ? a[i++]! : b[j++]!;
    if (k % (4 * SLICE) === 4 * SLICE - 1) yield;
  }
  return out;
}

/** A merge sort of slices: one sort of 200,000 approval keys would hold the process at once. */
function* sortedInSlices<T>(items: T[], cmp: (x: T, y: T) => number): Generator<void, T[]> {
  let runs: T[][] = [];
  for (let i = 0; i < items.length; i += SLICE) {
    runs.push(items.slice(i, i + SLICE).sort(cmp));
    yield;
  }
  while (runs.length > 1) {
    const next: T[][] = [];
    for (let i = 0; i < runs.length; i += 2)
      next.push(i + 1 < runs.length ? yield* merged(runs[i]!, runs[i + 1]!, cmp) : runs[i]!);
    runs = next;
  }
  return runs[0] ?? [];
}

/** The build, a slice at a time: each `yield` is a point where other work may run. */
function* building(rows: readonly IndexRow[]): Generator<void, SearchIndex> {
  const byId = new Map<number, IndexRow>();
  const sales = new Map<number, number>();
  const approvals: [string, number][] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    byId.set(r.id, r);
    sales.set(r.id, r.sales);
    const a = norm(r.approvalNo);
    if (a) {
      approvals.push([a, r.id]);
      const code = a.replace(/^[^a-z0-9]+/, ''); // 国药准字h20001234 → h20001234
      if (code !== a) approvals.push([code, r.id]);
    }
    if (i % SLICE === SLICE - 1) yield;
  }
  const drug = yield* groups(
    rows,
    [
      (r) => r.name,
      (r) => r.tradeName,
      (r) => r.nameInitials,
      (r) => r.namePinyin,
      (r) => r.tradeInitials,
      (r) => r.tradePinyin,
    ],
    sales,
  );
  const manufacturer = yield* groups(
    rows,
    [(r) => r.sccj, (r) => r.sccjInitials, (r) => r.sccjPinyin],
    sales,
  );
  const sorted = yield* sortedInSlices(approvals, (x, y) =>
    x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0,
  );
  return {
    rows: byId,
    drug,
    manufacturer,
    // Two flat arrays, not 150,000 two-element ones (64 bytes each) kept for the index's life.
    approvals: { keys: sorted.map((p) => p[0]), ids: sorted.map((p) => p[1]) },
    size: rows.length,
  };
}

export function buildIndex(rows: readonly IndexRow[]): SearchIndex {
  const build = building(rows);
  for (;;) {
    const step = build.next();
    if (step.done) return step.value;
  }
}

/**
 * The same index, built a slice at a time with `pause()` between slices, so a rebuild of 100,000
 * goods (seconds on a busy machine) never holds the process for more than a slice.
 */
export async function buildIndexInSlices(
  rows: readonly IndexRow[],
  pause: () => Promise<void>,
): Promise<SearchIndex> {
  const build = building(rows);
  for (;;) {
    const step = build.next();
    if (step.done) return step.value;
    await pause();
  }
}

function keyRank(key: string, q: string): number {
  if (key === q) return 0;
  if (key.startsWith(q)) return 1;
  // "contains" is only worth it from two characters on; one letter inside a key matches nearly all.
  if (q.length >= 2 && key.includes(q)) return 2;
  return -1;
}

function approvalMatches(index: SearchIndex, q: string, out: Map<number, number>): void {
  // Only queries that look like an approval number: a digit, or a 国药准字-style prefix.
  if (!/\d/.test(q) && !/^(国|械|国药|国药准|国药准字)/.test(q)) return;
  const { keys, ids } = index.approvals;
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid]! < q) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < keys.length && keys[i]!.startsWith(q); i++) {
    const key = keys[i]!;
    const id = ids[i]!;
    const rank = key === q ? 0 : 1;
    const prev = out.get(id);
    if (prev === undefined || rank < prev) out.set(id, rank);
  }
}

/**
 * Every matching goods id, best first: exact key matches, then prefix, then contains; within a
 * rank the earlier field (generic name before trade name before pinyin) and higher sales first.
 * `limit` stops early (suggestions need 10).
 */
export function searchIds(
  index: SearchIndex,
  mode: SearchMode,
  keywords: string,
  limit = Number.POSITIVE_INFINITY,
): number[] {
  const q = norm(keywords);
  if (!q) return [];
  const matched: { g: KeyGroup; rank: number }[] = [];
  for (const g of mode === 'drug' ? index.drug : index.manufacturer) {
    const rank = keyRank(g.key, q);
    if (rank >= 0) matched.push({ g, rank });
  }
  const approvals = new Map<number, number>();
  if (mode === 'drug') approvalMatches(index, q, approvals);

  // Per rank: merge the groups' goods by sales (each group is already sorted by sales).
  const seen = new Set<number>();
  const out: number[] = [];
  for (let rank = 0; rank <= 2 && out.length < limit; rank++) {
    const pairs: [id: number, field: number][] = [];
    for (const m of matched) {
      if (m.rank !== rank) continue;
      const ids = Number.isFinite(limit) ? m.g.ids.slice(0, limit) : m.g.ids;
      for (const id of ids) pairs.push([id, m.g.field]);
    }
    for (const [id, r] of approvals) if (r === rank) pairs.push([id, 9]);
    if (!pairs.length) continue;
    const rows = index.rows;
    pairs.sort(
      (a, b) => a[1] - b[1] || rows.get(b[0])!.sales - rows.get(a[0])!.sales || a[0] - b[0],
    );
    for (const [id] of pairs) {
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(id);
      if (out.length >= limit) break;
    }
  }
  return out;
}

export interface Suggestion {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  highlight: string;
}

/**
 * One goods per matching manufacturer (its best seller), best match first: a manufacturer's
 * suggestion names the company, so ten goods of one company would be one suggestion ten times.
 */
function manufacturerIds(index: SearchIndex, keywords: string, limit: number): number[] {
  const q = norm(keywords);
  if (!q) return [];
  const best = new Map<string, { rank: number; id: number }>();
  for (const g of index.manufacturer) {
    const rank = keyRank(g.key, q);
    const id = g.ids[0];
    if (rank < 0 || id === undefined) continue;
    const company = index.rows.get(id)!.sccj;
    const prev = best.get(company);
    if (!prev || rank < prev.rank) best.set(company, { rank, id });
  }
  const sales = (id: number) => index.rows.get(id)!.sales;
  return [...best.values()]
    .sort((a, b) => a.rank - b.rank || sales(b.id) - sales(a.id) || a.id - b.id)
    .slice(0, limit)
    .map((m) => m.id);
}

/** Up to `limit` suggestions for the header's dropdown. */
export function suggest(
  index: SearchIndex,
  mode: SearchMode,
  keywords: string,
  limit = 10,
): Suggestion[] {
  const ids =
    mode === 'manufacturer'
      ? manufacturerIds(index, keywords, limit)
      : searchIds(index, mode, keywords, limit);
  return ids.map((id) => {
    const r = index.rows.get(id)!;
    const name = r.tradeName ? `${r.name}（${r.tradeName}）` : r.name;
    return { id, name, sccj: r.sccj, ypgg: r.spec, highlight: mode === 'drug' ? r.name : r.sccj };
  });
}

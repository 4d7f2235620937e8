// The catalogue read model: what a goods card or the detail shows of every goods (its row, ladder
// prices, lots, controlled-sales rule, promotion tags and GSP documents), held in memory for the
// whole catalogue and answered without a query.
//
// Why all of it: a buyer who pages through the catalogue or opens many goods misses every per-page
// cache, and on the embedded database every query queues behind all others in one connection.
// A process holding 100,000 goods has ~146 MB of JavaScript objects in all, most of them this model
// (a heap snapshot after load; SIGUSR2 prints the process's memory: memory.ts).
//
// Freshness: the database logs every write that changes what a card shows (catalog_changes,
// statement triggers of migration 0013). At most every GOODS_CACHE_MS a read starts a poll in the
// background that reloads the goods changed since the last one, and the goods whose price variant
// or full-reduction window opened or closed meanwhile (time changes tags without a write). A
// process forgets the goods it wrote itself at once (cache.invalidate) and reloads them on the next
// read; goods written by a bulk job (the ERP import) wait for the poll instead. The cart's screens
// price from here too (cart/catalogue.ts); placing an order reads stock and price in the database,
// under lock, so nothing is sold on a stale figure.
//
// The log keeps LOG_RETENTION_MS of changes (housekeeping.ts); a process that has not polled for
// half of that reloads everything. The search index is built from these same rows (search/index.ts)
// whenever a poll changes a searched field: one copy of the catalogue per process.
//
// Changes are read by transaction id, not by sequence: a transaction may commit after a later one,
// so a poll reads every change of transactions not yet finished at the previous poll (the xmin of
// the snapshot then), skipping the rows it has already applied.
import { and, asc, eq, gt, gte, isNull, or, type SQL, sql } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { packedDocumentsSql } from './gsp/heldDocuments.ts';
import {
  controlledRules,
  giftRules,
  goods,
  goodsPrices,
  manjianActivities,
  manjianGoods,
} from './db/schema/index.ts';
import { rows as sqlRows } from './db/rows.ts';
import type { ControlledRule } from './eligibility.ts';
import { GOODS_CACHE_MS } from '#/lib/constants.ts';
import { registerCache } from './cache.ts';
import { withPromotionTags } from '#/lib/tags.ts';
import { logger } from './log.ts';
import { onNotification } from './db/notifications.ts';
import { promotionTagsSql, textArray } from './promotions/tags.ts';

export type GoodsRow = typeof goods.$inferSelect;
export interface LadderRow {
  id: number;
  minNumber: number;
  price: number;
}
export interface Lot {
  id: number;
  batchNo: string;
  producedOn: string;
  expiresOn: string;
  stock: number;
}

export type PriceVariantRow = typeof goodsPrices.$inferSelect;
export type FullReduction = typeof manjianActivities.$inferSelect;
export type GiftRule = typeof giftRules.$inferSelect;
export interface Combination {
  id: number;
  name: string;
  packPrice: number;
  startsAt: Date;
  /** null: until ended */
  endsAt: Date | null;
  items: { goodsId: number; name: string; number: number }[];
}

/** The promotions a goods takes part in, running now or later (filtered by time when read). */
export interface GoodsPromotions {
  /** price variants (goods_prices) not yet ended, cheapest first */
  variants: PriceVariantRow[];
  /** 满减 activities not yet ended */
  fullReductions: FullReduction[];
  gifts: GiftRule[];
  combinations: Combination[];
}

export interface GoodsSnapshot {
  row: GoodsRow;
  promotions: GoodsPromotions;
  /** ascending minimum quantity */
  ladders: LadderRow[];
  /** every lot, earliest expiry first (also sold-out ones: the detail lists them) */
  lots: Lot[];
  rule: ControlledRule | null;
  /** the goods' own tags with the promotion tags it really has now (promotions/tags.ts) */
  tags: string[];
  /** its documents and its lots' reports by id, packed (gsp/heldDocuments.ts; '' for none) */
  documents: string;
}

/** The whole catalogue as of one poll; `version` moves whenever a goods in it changed. */
export interface CatalogModel {
  goods: ReadonlyMap<number, GoodsSnapshot>;
  version: number;
  /** moves when goods are added or removed or a searched field (names, pinyin, approval number) changes */
  searchVersion: number;
  /** the goods each of the last few versions changed, oldest first (modelColumns updates only those) */
  recentChanges: readonly VersionChange[];
}

export interface VersionChange {
  version: number;
  ids: readonly number[];
}

// Enough for a reader that skipped a few polls; one further behind walks the whole model.
const RECENT_CHANGES_KEPT = 8;

const SEARCHED_FIELDS = [
  'name',
  'tradeName',
  'sccj',
  'spec',
  'approvalNo',
  'nameInitials',
  'namePinyin',
  'tradeInitials',
  'tradePinyin',
  'sccjInitials',
  'sccjPinyin',
] as const satisfies readonly (keyof GoodsRow)[];

const searchedChanged = (a: GoodsRow | undefined, b: GoodsRow | undefined) =>
  !a || !b || SEARCHED_FIELDS.some((f) => a[f] !== b[f]);

// A process that has not polled for this long may have missed pruned log rows: it reloads all.
export const LOG_RETENTION_MS = 30 * 60_000;

/** Which goods a load reads: some by id, or a range of ids (the whole catalogue is read in ranges). */
type Scope = { ids: readonly number[] } | { from: number; below: number };

const scopeSql = (scope: Scope, column: SQL): SQL =>
  'ids' in scope
    ? sql`${column} = ANY(${`{${scope.ids.join(',')}}`}::int[])`
    : sql`${column} >= ${scope.from} AND ${column} < ${scope.below}`;

// Most goods take part in no promotion and have no ladder: they share these empties. Frozen, so a
// reader that tried to change a snapshot would fail loudly instead of changing every goods.
const NONE = Object.freeze([]) as unknown as never[];
const NOTHING = Object.freeze({});
// Goods share most of their text (names, manufacturers, units, classes, lot dates, image paths):
// each distinct string is held once, and so is each creation time (goods created together, by an
// import or the seed, share it; a Date is 96 bytes). The pools are let go after a full load (polls
// add few goods).
let pool = new Map<string, string>();
let datePool = new Map<number, Date>();
const intern = (v: string): string => {
  const kept = pool.get(v);
  if (kept !== undefined) return kept;
  pool.set(v, v);
  return v;
};
const internDate = (v: Date): Date => {
  const kept = datePool.get(v.getTime());
  if (kept !== undefined) return kept;
  datePool.set(v.getTime(), v);
  return v;
};
const emptyPools = () => {
  pool = new Map();
  datePool = new Map();
};
function internRow<T extends object>(row: T): T {
  const r = row as Record<string, unknown>;
  for (const k in r) {
    const v = r[k];
    if (typeof v === 'string') r[k] = intern(v);
    else if (v instanceof Date) r[k] = internDate(v);
    else if (Array.isArray(v) && v.length === 0) r[k] = NONE;
    else if (v?.constructor === Object && Object.keys(v).length === 0) r[k] = NOTHING;
    else if (Array.isArray(v) && typeof v[0] === 'string') r[k] = v.map(intern);
  }
  return row;
}

const NO_PROMOTIONS: GoodsPromotions = Object.freeze({
  variants: NONE,
  fullReductions: NONE,
  gifts: NONE,
  combinations: NONE,
});

// The goods and each table hanging off them are read with one query per table (for a range of the
// catalogue, or for the goods a poll found changed) and put together here: 100,000 goods load in
// seconds, where one row per goods with correlated subqueries took a minute.
async function load(scope: Scope): Promise<Map<number, GoodsSnapshot>> {
  const db = await getDb();
  const out = new Map<number, GoodsSnapshot>();
  if ('ids' in scope && scope.ids.length === 0) return out;
  const of = (column: SQL) => sql`WHERE ${scopeSql(scope, column)}`;
  const [rows, lots, ladders, rules, tags, variants, reductions, gifts, combos, documents] =
    await Promise.all([
      db
        .select()
        .from(goods)
        .where(scopeSql(scope, sql`${goods.id}`)),
      sqlRows<Lot & { goodsId: number }>(
        db,
        sql`SELECT id, goods_id AS "goodsId", batch_no AS "batchNo", produced_on::text AS "producedOn",
                 expires_on::text AS "expiresOn", stock
          FROM goods_lots ${of(sql`goods_id`)} ORDER BY expires_on, id`,
      ),
      sqlRows<LadderRow & { goodsId: number }>(
        db,
        sql`SELECT id, goods_id AS "goodsId", min_number AS "minNumber", price
          FROM ladder_prices ${of(sql`goods_id`)} ORDER BY min_number, id`,
      ),
      db
        .select()
        .from(controlledRules)
        .where(scopeSql(scope, sql`${controlledRules.goodsId}`)),
      sqlRows<{ id: number; tags: string[] | string }>(
        db,
        sql`SELECT g.id, ${promotionTagsSql(sql.raw('g.id'))} AS tags FROM goods g ${of(sql`g.id`)}`,
      ),
      db
        .select()
        .from(goodsPrices)
        .where(
          and(gte(goodsPrices.endsAt, new Date()), scopeSql(scope, sql`${goodsPrices.goodsId}`)),
        )
        .orderBy(asc(goodsPrices.price), asc(goodsPrices.id)),
      db
        .select({ goodsId: manjianGoods.goodsId, a: manjianActivities })
        .from(manjianGoods)
        .innerJoin(manjianActivities, eq(manjianActivities.id, manjianGoods.activityId))
        .where(
          and(
            gte(manjianActivities.endsAt, new Date()),
            scopeSql(scope, sql`${manjianGoods.goodsId}`),
          ),
        )
        .orderBy(asc(manjianActivities.id)),
      db
        .select()
        .from(giftRules)
        .where(
          and(
            or(isNull(giftRules.endsAt), gt(giftRules.endsAt, new Date())),
            scopeSql(scope, sql`${giftRules.goodsId}`),
          ),
        )
        .orderBy(asc(giftRules.id)),
      sqlRows<{
        goodsId: number;
        id: number;
        name: string;
        packPrice: number;
        startsAt: string | Date;
        endsAt: string | Date | null;
        items: unknown;
      }>(
        db,
        sql`SELECT ci.goods_id AS "goodsId", c.id, c.name, c.pack_price AS "packPrice",
            c.starts_at AS "startsAt", c.ends_at AS "endsAt",
            (SELECT json_agg(json_build_object('goodsId', i.goods_id, 'name', ig.name, 'number', i.number) ORDER BY i.goods_id)
               FROM combination_items i JOIN goods ig ON ig.id = i.goods_id WHERE i.combination_id = c.id) AS items
          FROM combination_items ci JOIN combinations c ON c.id = ci.combination_id
          WHERE (c.ends_at IS NULL OR c.ends_at > now()) AND ${scopeSql(scope, sql`ci.goods_id`)}
          ORDER BY c.id`,
      ),
      sqlRows<{ goodsId: number; packed: string }>(db, packedDocumentsSql(of(sql`goods_id`))),
    ]);
  const tagsOf = new Map(tags.map((t) => [Number(t.id), textArray(t.tags)]));
  for (const row of rows) {
    out.set(row.id, {
      row: internRow(row),
      promotions: { variants: [], fullReductions: [], gifts: [], combinations: [] },
      ladders: [],
      lots: [],
      rule: null,
      documents: '',
      tags: withPromotionTags(row.tags, tagsOf.get(row.id) ?? []).map(intern),
    });
  }
  const each = <T extends { goodsId: number }>(
    list: T[],
    put: (s: GoodsSnapshot, r: T) => void,
  ) => {
    for (const r of list) {
      const s = out.get(Number(r.goodsId));
      if (s) put(s, r);
    }
  };
  // Built as literals of one shape: their fields sit in the object, where the database's rows
  // spread their later fields into a second array (96 against 64 bytes a lot).
  each(lots, (s, r) =>
    s.lots.push({
      id: r.id,
      batchNo: intern(r.batchNo),
      producedOn: intern(r.producedOn),
      expiresOn: intern(r.expiresOn),
      stock: Number(r.stock),
    }),
  );
  each(ladders, (s, r) => s.ladders.push({ id: r.id, minNumber: r.minNumber, price: r.price }));
  each(rules, (s, r) => {
    s.rule = { regions: r.regions, customerTypes: r.customerTypes, companyIds: r.companyIds };
  });
  each(documents, (s, d) => {
    s.documents = d.packed;
  });
  each(variants, (s, v) => s.promotions.variants.push(v));
  each(reductions, (s, r) => s.promotions.fullReductions.push(r.a));
  each(gifts, (s, g) => s.promotions.gifts.push(g));
  each(combos, (s, { goodsId: _, items, startsAt, endsAt, ...c }) =>
    s.promotions.combinations.push({
      ...c,
      startsAt: new Date(startsAt),
      endsAt: endsAt === null ? null : new Date(endsAt),
      items: json<Combination['items']>(items) ?? [],
    }),
  );
  for (const s of out.values()) {
    const p = s.promotions;
    if (!p.variants.length && !p.fullReductions.length && !p.gifts.length && !p.combinations.length)
      s.promotions = NO_PROMOTIONS;
    // A pushed-to array keeps room for 17 elements; a copy holds only its own (100,000 goods'
    // lots and ladders: ~16 MB less).
    s.lots = s.lots.length ? s.lots.slice() : NONE;
    s.ladders = s.ladders.length ? s.ladders.slice() : NONE;
  }
  return out;
}

// The whole catalogue is read LOAD_RANGE ids at a time: a load's passing memory (the database's
// result buffers, the rows before they are put together) stays that of one range, not of 100,000
// goods at once, and the embedded database's heap, which never shrinks, grows no further for it.
const LOAD_RANGE = 5000;

async function loadCatalogue(): Promise<Map<number, GoodsSnapshot>> {
  const db = await getDb();
  const [bounds] = await sqlRows<{ max: number | null }>(db, sql`SELECT max(id) AS max FROM goods`);
  const last = Number(bounds?.max ?? 0);
  emptyPools();
  const all = new Map<number, GoodsSnapshot>();
  for (let from = 0; from <= last; from += LOAD_RANGE) {
    for (const [id, s] of await load({ from, below: from + LOAD_RANGE })) all.set(id, s);
  }
  emptyPools();
  return all;
}

// PGlite may hand json back as text, node-postgres parses it.
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** Where the change log stands: transactions below `xmin` have finished. */
async function logPosition(): Promise<string> {
  const db = await getDb();
  const [r] = await sqlRows<{ xmin: string }>(
    db,
    sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`,
  );
  return r!.xmin;
}

interface Model {
  goods: Map<number, GoodsSnapshot>;
  version: number;
  searchVersion: number;
  recentChanges: VersionChange[];
  xmin: string;
  /** log rows of transactions that may still have been running at the last poll, already applied */
  applied: Set<string>;
  polledAt: Date;
}

const state: {
  model?: Model | undefined;
  loading?: Promise<Model> | undefined;
  polling?: Promise<void> | undefined;
  /** goods this process wrote: read fresh until the next poll has reloaded them */
  stale: Set<number>;
} = { stale: new Set() };
let pollDue = false;

// On PostgreSQL the triggers also NOTIFY: another process's write starts a poll at once instead of
// within GOODS_CACHE_MS. Polls still run one at a time, at most every NOTIFIED_POLL_MS.
const NOTIFIED_POLL_MS = 200;
let listening = false;
function listenForChanges(): void {
  if (listening) return;
  listening = true;
  const due = () => {
    pollDue = true;
    setTimeout(refresh, NOTIFIED_POLL_MS).unref();
  };
  onNotification('catalog_changes', { notify: due, resync: due });
}

async function loadAll(): Promise<Model> {
  const started = Date.now();
  listenForChanges();
  // The position first: whatever commits during the load is read again by the next poll.
  const xmin = await logPosition();
  const polledAt = new Date();
  const model: Model = {
    goods: await loadCatalogue(),
    version: (state.model?.version ?? 0) + 1,
    searchVersion: (state.model?.searchVersion ?? 0) + 1,
    recentChanges: [],
    xmin,
    applied: new Set(),
    polledAt,
  };
  logger.info('catalogue read model loaded', { goods: model.goods.size, ms: Date.now() - started });
  return model;
}

/** Goods changed since the last poll: logged writes, and promotion windows that opened or closed. */
async function changedSince(m: Model, now: Date) {
  const db = await getDb();
  const xmin = await logPosition();
  const logged = await sqlRows<{ seq: string; goods_id: number; xid: string }>(
    db,
    sql`SELECT seq::text AS seq, goods_id, xid::text AS xid FROM catalog_changes
        WHERE xid >= ${m.xmin}::xid8 ORDER BY seq`,
  );
  const windows = await sqlRows<{ goods_id: number }>(
    db,
    sql`SELECT goods_id FROM goods_prices
          WHERE starts_at > ${m.polledAt} AND starts_at <= ${now} OR ends_at >= ${m.polledAt} AND ends_at < ${now}
        UNION
        SELECT mg.goods_id FROM manjian_goods mg JOIN manjian_activities a ON a.id = mg.activity_id
          WHERE a.starts_at > ${m.polledAt} AND a.starts_at <= ${now} OR a.ends_at >= ${m.polledAt} AND a.ends_at < ${now}
        UNION
        SELECT goods_id FROM gift_rules
          WHERE starts_at > ${m.polledAt} AND starts_at <= ${now} OR ends_at >= ${m.polledAt} AND ends_at < ${now}
        UNION
        SELECT ci.goods_id FROM combination_items ci JOIN combinations c ON c.id = ci.combination_id
          WHERE c.starts_at > ${m.polledAt} AND c.starts_at <= ${now} OR c.ends_at >= ${m.polledAt} AND c.ends_at < ${now}`,
  );
  const ids = new Set<number>(windows.map((w) => Number(w.goods_id)));
  const applied = new Set<string>();
  for (const r of logged) {
    // Rows of transactions still possibly in progress at the new position are kept to skip next time.
    if (BigInt(r.xid) >= BigInt(xmin)) applied.add(r.seq);
    if (!m.applied.has(r.seq)) ids.add(Number(r.goods_id));
  }
  return { ids, xmin, applied };
}

async function poll(m: Model): Promise<void> {
  const now = new Date();
  if (now.getTime() - m.polledAt.getTime() > LOG_RETENTION_MS / 2) {
    state.model = await loadAll();
    return;
  }
  const { ids, xmin, applied } = await changedSince(m, now);
  const stale = [...state.stale];
  for (const id of stale) ids.add(id);
  if (ids.size) {
    const fresh = await load({ ids: [...ids] });
    let searched = false;
    for (const id of ids) {
      const s = fresh.get(id);
      searched ||= searchedChanged(m.goods.get(id)?.row, s?.row);
      if (s) m.goods.set(id, s);
      else m.goods.delete(id);
    }
    m.version++;
    if (searched) m.searchVersion++;
    m.recentChanges.push({ version: m.version, ids: [...ids] });
    if (m.recentChanges.length > RECENT_CHANGES_KEPT) m.recentChanges.shift();
  }
  for (const id of stale) state.stale.delete(id);
  m.xmin = xmin;
  m.applied = applied;
  m.polledAt = now;
}

/** Starts the first load, or a poll when the last one is older than GOODS_CACHE_MS. */
function refresh(): void {
  const m = state.model;
  if (!m) {
    state.loading ??= loadAll()
      .then((loaded) => {
        state.model = loaded;
        return loaded;
      })
      .finally(() => {
        state.loading = undefined;
      });
    state.loading.catch((err) => logger.error('catalogue read model: load failed', { error: err }));
    return;
  }
  if (state.polling || (!pollDue && Date.now() - m.polledAt.getTime() < GOODS_CACHE_MS)) return;
  pollDue = false;
  state.polling = poll(m)
    .catch((err) => logger.error('catalogue read model: poll failed', { error: err }))
    .finally(() => {
      state.polling = undefined;
    });
}

/** The whole catalogue, or null while it is still loading (callers then ask the database). */
export function catalogModel(): CatalogModel | null {
  refresh();
  const m = state.model;
  return m && state.stale.size === 0 ? m : null;
}

/** How many goods this process holds in memory (also while its own writes await the next poll). */
export const catalogueGoodsHeld = () => state.model?.goods.size ?? 0;

/** Whether the whole catalogue is in memory (readiness: a process still loading it is not ready). */
export const catalogLoaded = () => state.model !== undefined;

/** The whole catalogue once loaded, also while this process's own writes await the next poll. */
export async function loadedCatalogModel(): Promise<CatalogModel> {
  refresh();
  return state.model ?? (await state.loading!);
}

/**
 * Snapshots of the given goods by id; unknown ids are left out. A goods the model does not hold
 * yet (added by another process since the last poll) or that this process just wrote is read.
 */
export async function goodsSnapshots(ids: readonly number[]): Promise<Map<number, GoodsSnapshot>> {
  refresh();
  const m = state.model;
  const out = new Map<number, GoodsSnapshot>();
  const missing: number[] = [];
  for (const id of ids) {
    const s = state.stale.has(id) ? undefined : m?.goods.get(id);
    if (s) out.set(id, s);
    else missing.push(id);
  }
  if (missing.length) {
    for (const [id, s] of await load({ ids: [...new Set(missing)] })) out.set(id, s);
  }
  return out;
}

/**
 * The tags (own and promotion) the model holds for these goods, also while this process's own
 * writes await the next poll: labels may be a poll old. Goods the model does not hold are absent.
 */
export function heldTags(ids: readonly number[]): Map<number, readonly string[]> {
  const out = new Map<number, readonly string[]>();
  const goods = state.model?.goods;
  if (goods)
    for (const id of ids) {
      const s = goods.get(id);
      if (s) out.set(id, s.tags);
    }
  return out;
}

export async function goodsSnapshot(id: number): Promise<GoodsSnapshot | null> {
  return (await goodsSnapshots([id])).get(id) ?? null;
}

registerCache({
  name: 'goodsSnapshots',
  dropTagged(tags, change) {
    // A bulk job's goods come with the next poll: marking thousands of them stale would take the
    // whole model out of use (catalogModel answers null) for as long as the job keeps writing.
    if (!state.model || change.bulk) return;
    for (const t of tags) {
      const m = /^goods:(\d+)$/.exec(t);
      if (m) state.stale.add(Number(m[1]));
    }
    if (state.stale.size) pollDue = true;
  },
  clear() {
    state.model = undefined;
  },
});

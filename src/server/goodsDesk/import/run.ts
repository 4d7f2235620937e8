// A goods import from the ERP's spreadsheet. The dry run plans every row and changes nothing. The
// import itself runs in the background of the process that took the file, in batches: each batch
// is planned again and written in one transaction with its audit row, then the import waits twice
// as long as the batch held the database before the next (IMPORT_SHARE), so buyers are not held up
// by a 50,000-row file. The written goods reach the catalogue read model with its next poll and the
// shared caches at most every GOODS_CACHE_MS, not at every batch. Its progress is kept in
// goods_imports for the browser's progress bar (any process can answer the poll). A file imported
// twice changes nothing the second time.
import { setImmediate, setTimeout } from 'node:timers/promises';
import { and, desc, eq, gt } from 'drizzle-orm';
import { GOODS_CACHE_MS } from '#/lib/constants.ts';
import { invalidate } from '#/server/cache.ts';
import { getDb, type Tx } from '#/server/db/client.ts';
import { goodsImports } from '#/server/db/schema/index.ts';
import { conflict, invalid } from '#/server/errors.ts';
import { logger } from '#/server/log.ts';
import { readSheet, type SheetRow } from '#/server/spreadsheets/readSheet.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { applyBatch } from './apply.ts';
import { headerProblem } from './columns.ts';
import {
  groupRows,
  type ImportMemory,
  loadLookups,
  planBatch,
  type RowGroup,
  type RowReport,
} from './plan.ts';

/** Rows a file may have. */
export const MAX_IMPORT_ROWS = 100_000;
/**
 * Goods planned and written per transaction: short enough that buyers' queries wait little (on the
 * embedded database every query waits for a running transaction to end).
 */
const BATCH_GOODS = 50;
/**
 * The import's share of the database: after a batch that held it t ms, the import waits
 * t × (1 − share) / share before the next, so buyers' queries queued behind a batch, and the next
 * ones of their pages, run before it however busy the machine is (a fixed breath of a few ms let
 * a page's second query queue behind the next batch). On the embedded database the batches and the
 * pages also share one thread, and what the import's writes cause after their batch (the read
 * model's polls of the new goods, search index rebuilds, garbage) is not counted in t: with half,
 * four members browsing on a machine busy with other jobs (~0.4 core for the shop) got 42 pages/s
 * during the import against 81 before, p95 ×2.1; with a third 71 pages/s, p95 ×1.3, the import 20 %
 * slower (docs/api.md).
 */
const IMPORT_SHARE = 1 / 3;
/** The least breath between batches. */
const PAUSE_MS = 5;

/** The breath after a batch that began at `started` (performance.now()): see IMPORT_SHARE. */
const giveWay = (started: number) =>
  setTimeout(
    Math.max(PAUSE_MS, ((performance.now() - started) * (1 - IMPORT_SHARE)) / IMPORT_SHARE),
  );
/**
 * The breath between the batches of a small dry run, answered at once. Batches need one: the
 * embedded database answers a query's successor without returning to the event loop, so a
 * background dry run of 100,000 rows without breaths held every other request for 26 s.
 */
const nextTurn = () => setImmediate();
/** Rows of a report sent back; a larger file's report keeps only its refused rows. */
const REPORT_ROWS = 2000;
/** An import still "running" after this long died with its process: a new one may start. */
const STALE_MS = 30 * 60_000;

export interface ImportSummary {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
}

async function rowsOf(bytes: Uint8Array) {
  const sheet = await readSheet(bytes, MAX_IMPORT_ROWS);
  const problem = headerProblem(sheet.headers);
  if (problem) throw invalid('file', problem);
  if (sheet.rows.length === 0) throw invalid('file', '表格中没有数据行');
  return sheet.rows;
}

const keylessReport = (row: SheetRow): RowReport => ({
  line: row.line,
  action: 'refuse',
  goods: row.cells['通用名'] ?? '',
  reasons: ['请填写「ERP编码」或「商品编码」，或「批准文号」「规格」「生产厂家」'],
});

function count(reports: readonly RowReport[], into: ImportSummary) {
  for (const r of reports) {
    if (r.action === 'create') into.created++;
    else if (r.action === 'update') into.updated++;
    else if (r.action === 'unchanged') into.unchanged++;
    else into.refused++;
  }
}

const newMemory = (): ImportMemory => ({ goods: new Map(), newCodes: new Map() });
const byLine = (a: RowReport, b: RowReport) => a.line - b.line;
const trimmed = (reports: RowReport[]) =>
  reports.length <= REPORT_ROWS
    ? reports.sort(byLine)
    : reports
        .filter((r) => r.action === 'refuse')
        .sort(byLine)
        .slice(0, REPORT_ROWS);

/** Files up to this many rows get their dry run in the answer; larger ones run it in the background. */
const SYNC_DRY_RUN_ROWS = 2000;

/** Plans every row; nothing is written. `onBatch` hears the reports of each batch. */
async function planAll(
  rows: SheetRow[],
  onBatch: (reports: RowReport[]) => Promise<void>,
  breathe: (batchStarted: number) => Promise<unknown>,
) {
  const db = await getDb();
  const { groups, keyless } = groupRows(rows);
  const lookups = await loadLookups(db);
  const memory = newMemory();
  await onBatch(keyless.map(keylessReport));
  for (let i = 0; i < groups.length; i += BATCH_GOODS) {
    const started = performance.now();
    const planned = await planBatch(db, groups.slice(i, i + BATCH_GOODS), lookups, memory);
    await onBatch(planned.reports);
    await breathe(started);
  }
}

/**
 * What importing the file would do, row by row; nothing is written. A small file's report is the
 * answer; a large file's dry run runs in the background like an import (`{id}` to poll).
 */
export async function dryRunImport(bytes: Uint8Array, fileName: string, actor: StaffActor) {
  const rows = await rowsOf(bytes);
  const summary: ImportSummary = {
    total: rows.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    refused: 0,
  };
  const reports: RowReport[] = [];
  if (rows.length <= SYNC_DRY_RUN_ROWS) {
    await planAll(
      rows,
      async (batch) => {
        reports.push(...batch);
        count(batch, summary);
      },
      nextTurn,
    );
    return { summary, rows: trimmed(reports) } as const;
  }
  const db = await getDb();
  const [made] = await db
    .insert(goodsImports)
    .values({
      staffId: actor.id,
      fileName: fileName.slice(0, 200),
      total: rows.length,
      dryRun: true,
    })
    .returning({ id: goodsImports.id });
  const id = made!.id;
  let done = 0;
  void (async () => {
    await planAll(
      rows,
      async (batch) => {
        reports.push(...batch);
        count(batch, summary);
        done += batch.length;
        await progress(id, done, summary);
      },
      giveWay,
    );
    await finish(id, rows.length, summary, trimmed(reports));
  })().catch((error) => failed(id, error));
  return { id } as const;
}

async function progress(id: number, done: number, s: ImportSummary, q?: Tx) {
  await (q ?? (await getDb()))
    .update(goodsImports)
    .set({
      done,
      created: s.created,
      updated: s.updated,
      unchanged: s.unchanged,
      refused: s.refused,
    })
    .where(eq(goodsImports.id, id));
}

async function finish(id: number, total: number, s: ImportSummary, report: RowReport[]) {
  const db = await getDb();
  await db
    .update(goodsImports)
    .set({ state: 'done', done: total, refused: s.refused, report, finishedAt: new Date() })
    .where(eq(goodsImports.id, id));
}

async function failed(id: number, error: unknown) {
  logger.error('goods import failed', { importId: id, error });
  const db = await getDb();
  await db
    .update(goodsImports)
    .set({ state: 'failed', finishedAt: new Date() })
    .where(eq(goodsImports.id, id))
    .catch(() => {});
}

/** Starts importing the file; answers the import's id to poll. One import runs at a time. */
export async function startImport(bytes: Uint8Array, fileName: string, actor: StaffActor) {
  const rows = await rowsOf(bytes);
  const db = await getDb();
  const [running] = await db
    .select({ id: goodsImports.id })
    .from(goodsImports)
    .where(
      and(
        eq(goodsImports.state, 'running'),
        eq(goodsImports.dryRun, false),
        gt(goodsImports.createdAt, new Date(Date.now() - STALE_MS)),
      ),
    );
  if (running) throw conflict('另一个导入正在进行，请等它完成后再导入');
  const [made] = await db
    .insert(goodsImports)
    .values({ staffId: actor.id, fileName: fileName.slice(0, 200), total: rows.length })
    .returning({ id: goodsImports.id });
  const id = made!.id;
  void runImport(id, rows, actor).catch((error) => failed(id, error));
  return id;
}

async function runImport(id: number, rows: SheetRow[], actor: StaffActor) {
  const db = await getDb();
  const { groups, keyless } = groupRows(rows);
  const lookups = await loadLookups(db);
  const memory = newMemory();
  const manufacturers = new Map<string, number>();
  const reports: RowReport[] = keyless.map(keylessReport);
  const summary: ImportSummary = {
    total: rows.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    refused: 0,
  };
  count(reports, summary);
  let done = keyless.length;
  // The goods written since the caches were last told, told at most every GOODS_CACHE_MS: every
  // batch dropping the shared pages and lists would have them rebuilt all the import long.
  let changed: number[] = [];
  let flushedAt = Date.now();
  const flush = () => {
    if (changed.length) invalidate({ goods: changed, bulk: true });
    changed = [];
    flushedAt = Date.now();
  };
  try {
    for (let i = 0; i < groups.length; i += BATCH_GOODS) {
      const batch: RowGroup[] = groups.slice(i, i + BATCH_GOODS);
      const started = performance.now();
      const touched = await db.transaction(async (tx) => {
        const planned = await planBatch(tx, batch, lookups, memory);
        const written = await applyBatch(tx, planned.plans, lookups, manufacturers);
        if (written.created.length || written.updated.length) {
          await recordAudit(tx, actor, {
            action: 'goods.import',
            entity: 'goods_import',
            entityId: id,
            after: {
              rows: planned.reports.map((r) => r.line),
              created: written.created,
              updated: written.updated,
            },
          });
        }
        reports.push(...planned.reports);
        count(planned.reports, summary);
        done += batch.reduce((n, g) => n + g.rows.length, 0);
        await progress(id, done, summary, tx);
        return [...written.created, ...written.updated];
      });
      changed.push(...touched);
      if (Date.now() - flushedAt >= GOODS_CACHE_MS) flush();
      await giveWay(started);
    }
  } finally {
    // Also when a batch failed: the batches before it are written.
    flush();
  }
  await finish(
    id,
    rows.length,
    summary,
    reports
      .filter((r) => r.action === 'refuse')
      .sort(byLine)
      .slice(0, REPORT_ROWS),
  );
}

export async function importProgress(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(goodsImports).where(eq(goodsImports.id, id));
  return row ?? null;
}

/** The latest imports, newest first (the import screen lists them). */
export async function recentImports(limit = 10) {
  const db = await getDb();
  return db.select().from(goodsImports).orderBy(desc(goodsImports.id)).limit(limit);
}

// The reports dashboard on a year of orders (`npm run bench`, or alone: `npx node
// scripts/bench/reports.mjs [postgres://…]`). The shop starts once on a database of its own (a data
// folder, or a scratch database on the PostgreSQL server given) to migrate and seed the demo,
// stops; this script then writes a year of orders with lines and page views straight into that
// database (PGlite: one process owns it, so only while the shop is down), starts the shop again
// and, as the demo finance staff member, asks the dashboard and the sales API for a day, a month
// and a year, each request on a period not asked before (what staff meet once a sale has dropped
// the cached figures), then drives the cached pages with autocannon.
// Env: BENCH_REPORT_ORDERS (default 100000), BENCH_REPORT_VIEWS (default 500000),
// BENCH_REPORT_COLD (requests per uncached row, default 20), BENCH_DURATION (s per autocannon
// row, default 10; 0 leaves those rows out), SEED_GOODS (default 10000 here).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_NODE_FLAGS, serverEnv } from '../serverFlags.mjs';
import { createScratchDatabase } from '../../tests/support/server.ts';
import { freePort as anyFreePort } from '../freePort.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// BENCH_PORT: the port to use (machines shared between people each given a range); else any free one.
const freePort = () =>
  process.env.BENCH_PORT ? Promise.resolve(Number(process.env.BENCH_PORT)) : anyFreePort();

export async function startShop(dataDir, env) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(root, 'scripts', 'start.mjs')],
    {
      cwd: root,
      env: serverEnv({
        ...process.env,
        LOG_LEVEL: 'warn',
        YAOPI_TEST_HOOKS: '',
        DATABASE_URL: '',
        SEED_HISTORY: '0',
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 900_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited early:\n${log}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`shop did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** The INSERT … SELECT statements of the migration that made the reports' per-day sums. */
function tallyBackfill() {
  const dir = path.join(root, 'db', 'migrations');
  const file = readdirSync(dir).find((f) => f.endsWith('_report_tallies.sql'));
  return readFileSync(path.join(dir, file), 'utf8')
    .split('--> statement-breakpoint')
    .filter((q) => q.trim().startsWith('INSERT'))
    .join('\n');
}

/** The shop's database, opened by this script while the shop is down (PGlite) or beside it. */
async function openDatabase(dataDir, databaseUrl) {
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    return { exec: (q) => c.query(q), query: (q) => c.query(q), close: () => c.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
}

/** A year of orders (a few lines each, every pay method, some cancelled) and page views. */
export async function seedYear(dataDir, orders, views, databaseUrl) {
  const db = await openDatabase(dataDir, databaseUrl);
  const started = performance.now();
  const stores = `WITH cs AS (SELECT array_agg(id ORDER BY id) ids, array_agg(account_id ORDER BY id) accs FROM companies)`;
  await db.exec(`
    ${stores}
    INSERT INTO orders (no, company_id, account_id, status, goods_amount, payable_amount, pay_method,
                        paid_at, expires_at, address, created_at)
    SELECT 'BENCH' || lpad(g::text, 10, '0'), cs.ids[1 + g % cardinality(cs.ids)],
           cs.accs[1 + g % cardinality(cs.ids)],
           CASE WHEN g % 25 = 0 THEN 'cancelled' WHEN g % 3 = 0 THEN 'completed' ELSE 'shipped' END,
           amt, amt, (ARRAY['balance','credit','online','transfer'])[1 + g % 4],
           CASE WHEN g % 25 = 0 THEN NULL ELSE ts + interval '3 minutes' END, ts + interval '1 day',
           '{"name":"王药师","phone":"13800138000","region":"湖北省 武汉市","address":"珞喻路 1 号"}'::jsonb, ts
    FROM cs, generate_series(1, ${orders}) g,
         LATERAL (SELECT now() - (g * (365 * 86400.0 / ${orders})) * interval '1 second' AS ts,
                         3000 + (g * 7919) % 400000 AS amt) x;
    INSERT INTO order_lines (order_id, goods_id, name, spec, sccj, bzdw, number, base_price, unit_price, amount)
    SELECT o.id, gd.id, gd.name, gd.spec, gd.sccj, gd.bzdw, 2, 1000, 1000, 2000
    FROM orders o CROSS JOIN generate_series(0, 2) k
    JOIN goods gd ON gd.id = 1 + ((o.id * 31 + k * 977) % (SELECT max(id) FROM goods))
    WHERE o.no LIKE 'BENCH%';
    ${stores}
    INSERT INTO page_views (path, account_id, at)
    SELECT '/list/info/' || (1 + g % 5000), CASE WHEN g % 3 = 0 THEN NULL ELSE cs.accs[1 + g % cardinality(cs.accs)] END,
           now() - (g * (365 * 86400.0 / ${views})) * interval '1 second'
    FROM cs, generate_series(1, ${views}) g;
  `);
  // Written past the shop, so summed here for the dashboard as the migration sums existing orders.
  await db.exec(`TRUNCATE report_store_days, report_goods_days, report_goods_months, report_payment_days, report_visit_days, report_rollups;
    ${tallyBackfill()}
    ANALYZE;`);
  const lines = (await db.query(`SELECT count(*)::int n FROM order_lines`)).rows[0].n;
  await db.close();
  return { seconds: (performance.now() - started) / 1000, lines };
}

async function staffCookie(url) {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login: 'finance', password: 'yaopi2026' }).toString(),
  });
  if (res.status !== 200) throw new Error(`finance login answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function drive(url, p, cookie, duration) {
  const times = [];
  let wrong = 0;
  const run = autocannon({ url: url + p, connections: 4, duration, headers: { cookie } });
  run.on('response', (_c, status, _b, ms) => {
    times.push(ms);
    if (status !== 200) wrong++;
  });
  const r = await run;
  times.sort((a, b) => a - b);
  return {
    rps: r.requests.average,
    p50: pct(times, 50),
    p95: pct(times, 95),
    errors: r.errors + r.timeouts + wrong,
  };
}

/**
 * Each request on a period no earlier request asked for, one at a time: the dashboard keeps a
 * period's figures a minute and drops them at every sale, so on a selling day staff mostly meet
 * this time. A period of `days` days ending `k` days ago, for k = 0, 1, 2 …
 */
async function cold(url, cookie, pathOf, days, count) {
  const times = [];
  let wrong = 0;
  for (let k = 0; k < count; k++) {
    const t = performance.now();
    const res = await fetch(url + pathOf(`from=${shopDay(k + days - 1)}&to=${shopDay(k)}`), {
      headers: { cookie },
    });
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (res.status !== 200) wrong++;
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), errors: wrong };
}

const shopDay = (n) =>
  new Date(Date.now() + 8 * 3600_000 - n * 86_400_000).toISOString().slice(0, 10);

async function measure(shop, orders, duration, coldCount) {
  const cookie = await staffCookie(shop.url);
  const periods = [
    ['a day', 1, 'day'],
    ['a month', 30, 'day'],
    ['a year', 365, 'month'],
  ];
  console.log(
    `\nReports, each request on a period not asked before (computed, not cached): ${coldCount} requests one after another\n`,
  );
  console.log('| call | p50 ms | p95 ms | errors |');
  console.log('|---|---:|---:|---:|');
  for (const [name, days, by] of periods)
    for (const [call, pathOf] of [
      ['GET /admin/reports', (q) => `/admin/reports?${q}&by=${by}`],
      // By week: the page's request of the same period left its sales by day or month cached.
      ['GET /api/admin/reports/sales', (q) => `/api/admin/reports/sales?${q}&by=week`],
    ]) {
      const r = await cold(shop.url, cookie, pathOf, days, coldCount);
      console.log(
        `| ${call} (${name}) | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.errors} |`,
      );
    }
  if (!duration) return;
  const year = `from=${shopDay(364)}&to=${shopDay(0)}`;
  const rows = [
    ['GET /admin/reports (a year, by month)', `/admin/reports?${year}&by=month`],
    ['GET /admin/reports (last 30 days, by day)', '/admin/reports'],
    ['GET /api/admin/reports/sales (a year, by day)', `/api/admin/reports/sales?${year}&by=day`],
    [
      'GET /api/admin/reports/export (a year, all tables)',
      `/api/admin/reports/export?${year}&by=week`,
    ],
  ];
  console.log(
    `\nReports on a year of orders (${orders} orders, 4 connections, ${duration} s each)\n`,
  );
  console.log('| call | req/s | p50 ms | p95 ms | errors |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, p] of rows) {
    // The first request of a period computes it (the dashboard keeps it a minute): cold time.
    const t = performance.now();
    const first = await fetch(shop.url + p, { headers: { cookie } });
    await first.arrayBuffer();
    console.log(
      `| ${name}: first request (computes) | — | ${(performance.now() - t).toFixed(0)} | — | ${first.status === 200 ? 0 : 1} |`,
    );
    const r = await drive(shop.url, p, cookie, duration);
    console.log(
      `| ${name}: then 4 at once | ${r.rps.toFixed(1)} | ${r.p50?.toFixed(0)} | ${r.p95?.toFixed(0)} | ${r.errors} |`,
    );
  }
}

/** On the embedded database, or on a scratch database of the PostgreSQL server at `pgUrl`. */
export async function benchReports(pgUrl) {
  const orders = Number(process.env.BENCH_REPORT_ORDERS ?? 100_000);
  const views = Number(process.env.BENCH_REPORT_VIEWS ?? 500_000);
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const coldCount = Number(process.env.BENCH_REPORT_COLD ?? 20);
  const scratch = pgUrl ? await createScratchDatabase(pgUrl) : null;
  const env = {
    SEED_GOODS: process.env.SEED_GOODS ?? '10000',
    ...(scratch ? { DATABASE_URL: scratch.url, SEED_DEMO: '1' } : {}),
  };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yaopi-bench-reports-'));
  const where = scratch ? 'PostgreSQL' : 'the embedded database';
  try {
    console.log(
      `\n[bench] reports on ${where}: seeding the demo shop, then ${orders} orders and ${views} page views over a year …`,
    );
    await (await startShop(dataDir, env)).stop();
    const seeded = await seedYear(dataDir, orders, views, scratch?.url);
    console.log(
      `[bench] reports: ${orders} orders, ${seeded.lines} lines, ${views} views written in ${seeded.seconds.toFixed(1)} s`,
    );
    const shop = await startShop(dataDir, env);
    try {
      await measure(shop, orders, duration, coldCount);
    } finally {
      await shop.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

// Alone: `node scripts/bench/reports.mjs [postgres://…]` (no URL: the embedded database).
if (import.meta.url === `file://${process.argv[1]}`) await benchReports(process.argv[2]);

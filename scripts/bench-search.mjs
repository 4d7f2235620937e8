// Search and list benchmark on a large embedded catalogue (default SEED_GOODS=100000).
// Starts the shop on its own data folder (seeded once, reused by later runs), then reports:
//   - /api/goods/search server time (Server-Timing) and round trip, p50/p95, per query shape;
//   - list page with filters and detail page at 20 connections: p50/p95 latency and req/s.
// Usage: node scripts/bench-search.mjs   (env: SEED_GOODS, BENCH_PORT, BENCH_DATA_DIR, BENCH_SECONDS)
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const goods = process.env.SEED_GOODS ?? '100000';
const port = Number(process.env.BENCH_PORT ?? 43412);
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), `yaopi-bench-${goods}`);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const base = `http://127.0.0.1:${port}`;

const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_GOODS: goods, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => { if (child.exitCode === null) child.kill('SIGTERM'); };
process.on('exit', stop);

async function waitUp() {
  for (let i = 0; i < 1800; i++) {
    try { if ((await fetch(`${base}/api/focus/common`)).ok) return; } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('server did not start');
}

const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
const ms = (x) => `${x.toFixed(2)} ms`;

const SHAPES = {
  '1-letter initials': ['a', 'b', 'x', 'h', 'l', 'q', 'z', 'f'],
  '2-letter initials': ['am', 'bl', 'gm', 'xy', 'hx', 'qr', 'zk', 'fm'],
  '4-letter initials': ['amxl', 'blfh', 'gmlk', 'lhqw', 'mtss', 'bxsl', 'xysp', 'tbkl'],
  '2-char Chinese': ['阿莫', '感冒', '维生', '板蓝', '头孢', '布洛', '黄芪', '口罩'],
  'manufacturer initials': ['hb', 'sy', 'hr', 'gz', 'tj', 'yn'],
};

async function benchSearch(rounds = 40) {
  const rows = [];
  for (const [shape, words] of Object.entries(SHAPES)) {
    const server = [];
    const trip = [];
    const type = shape.startsWith('manufacturer') ? 2 : 1;
    for (let r = 0; r < rounds; r++) {
      for (const w of words) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/goods/search?keywords=${encodeURIComponent(w)}&type=${type}`);
        await res.arrayBuffer();
        trip.push(performance.now() - t0);
        const dur = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
        server.push(Number(dur?.[1] ?? NaN));
      }
    }
    rows.push({ shape, requests: server.length, 'server p50': ms(pct(server, 50)), 'server p95': ms(pct(server, 95)), 'round trip p50': ms(pct(trip, 50)), 'round trip p95': ms(pct(trip, 95)) });
  }
  return rows;
}

async function load(title, requests) {
  const result = await autocannon({ url: base, connections: 20, duration: seconds, requests });
  return { page: title, 'req/s': Math.round(result.requests.average), 'p50': `${result.latency.p50} ms`, 'p95': `${result.latency.p97_5 ?? result.latency.p95} ms (p97.5)`, errors: result.errors + result.non2xx };
}

try {
  await waitUp();
  const t0 = performance.now();
  await fetch(`${base}/api/goods/search?keywords=a`); // loads the in-memory index
  console.log(`search index loaded in ${ms(performance.now() - t0)} (${goods} goods)`);
  console.table(await benchSearch());
  const detailId = (await (await fetch(`${base}/api/goods/list?per_page=1&sort=sales`)).json()).data[0].id;
  const listPath = `/list?select=${encodeURIComponent('抗感染药')}&in_stock=1&sort=sales`;
  console.table([
    await load('list with filters', [{ method: 'GET', path: listPath }]),
    await load('search list (amxl)', [{ method: 'GET', path: '/search?keywords=amxl' }]),
    await load('detail', [{ method: 'GET', path: `/list/info/${detailId}` }]),
  ]);
} finally {
  stop();
}

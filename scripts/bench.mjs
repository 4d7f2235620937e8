// `npm run bench` (not a test): build if stale, start the built shop on a freshly seeded embedded
// database (SEED_GOODS, default 10000), drive each target of scripts/bench/targets.mjs with
// autocannon next to a bare node:http JSON endpoint (the ceiling), then print req/s, latency
// percentiles, errors, the server's peak RSS, and the gzip JS each page loads before and after
// interaction. Env: SEED_GOODS, BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10),
// BENCH_PORT (default: a free port), DATABASE_URL (bench PostgreSQL instead of PGlite).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfStale, root } from './build-if-stale.mjs';
import { TARGETS } from './bench/targets.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SEED_GOODS = process.env.SEED_GOODS ?? '10000';

const freePort = () => new Promise((resolve, reject) => {
  const srv = net.createServer();
  srv.once('error', reject);
  srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
});

async function startShop() {
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yaopi-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_GOODS, YAOPI_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => { log += d; if (/\[seed\]/.test(String(d))) process.stdout.write(String(d)); });
  child.stderr.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try { if ((await fetch(`${url}/api/focus/common`)).ok) break; } catch { /* not up yet */ }
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`server did not start:\n${log}`); }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The ceiling: the same JSON size as /api/focus/common from a bare node:http server. */
async function startCeiling(body) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((r) => server.close(r)) };
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function drive(url, t) {
  const times = [];
  const expected = new Set(t.expectStatus ?? [200]);
  let wrongStatus = 0;
  const instance = autocannon({
    url: url + t.path,
    method: t.method ?? 'GET',
    connections: t.connections ?? CONNECTIONS,
    duration: t.duration ?? DURATION,
    headers: { ...(t.headers ?? {}), ...(t.body ? { 'content-type': 'application/x-www-form-urlencoded', origin: url } : {}) },
    ...(t.body ? { body: t.body } : {}),
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    times.push(ms);
    if (!expected.has(status)) wrongStatus++;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99),
    errors: result.errors + result.timeouts + wrongStatus,
  };
}

// ── JS weight per page type ───────────────────────────────────────────────
const clientDir = path.join(root, 'dist', 'client');
const gz = (text) => gzipSync(text, { level: 9 }).length;

function moduleGraph(file, seen, withDynamic) {
  if (seen.has(file)) return;
  const full = path.join(clientDir, file);
  if (!existsSync(full)) return;
  seen.add(file);
  const code = readFileSync(full, 'utf8');
  const dir = path.posix.dirname(file);
  const re = withDynamic ? /(?:from|import)\s*\(?\s*["'`]([^"'`]+\.js)["'`]/g : /(?:from|import)\s*["'`]([^"'`]+\.js)["'`]/g;
  for (const m of code.matchAll(re)) moduleGraph(m[1].startsWith('/') ? m[1] : path.posix.join(dir, m[1]), seen, withDynamic);
}

// Hydrated without a buyer's action (visible counts: the island may already be on screen).
const EAGER = new Set(['load', 'idle', 'visible', 'media']);

export function jsWeight(html) {
  const attr = (tag, name) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
  const before = new Set(); const after = new Set();
  let inlineBytes = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = attr(m[1], 'src');
    if (src) { moduleGraph(src, before, false); moduleGraph(src, after, true); }
    else if (m[2].trim() && !/type="application\/(ld\+)?json"/.test(m[1])) inlineBytes += gz(m[2]);
  }
  for (const m of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const tag = m[0];
    const files = [attr(tag, 'component-url'), attr(tag, 'renderer-url')].filter(Boolean);
    for (const f of files) {
      if (EAGER.has(attr(tag, 'client'))) moduleGraph(f, before, false);
      moduleGraph(f, after, true);
    }
  }
  const sum = (set) => [...set].reduce((n, f) => n + gz(readFileSync(path.join(clientDir, f))), 0) + inlineBytes;
  return { before: sum(before), after: sum(after), files: after.size };
}

// ── Run ───────────────────────────────────────────────────────────────────
const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '–');
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;

buildIfStale();
console.log(`[bench] starting the shop with SEED_GOODS=${SEED_GOODS} …`);
const shop = await startShop();
const commonBody = await (await fetch(`${shop.url}/api/focus/common`)).text();
const ceiling = await startCeiling(commonBody);
try {
  const login = await fetch(`${shop.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.url },
    body: 'username=demo&password=yaopi2026',
  });
  const memberCookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0];

  const rows = [];
  const run = async (name, url, t) => {
    // Warm-up so JIT and caches do not count against the first row.
    await drive(url, { ...t, duration: 1 });
    const r = await drive(url, t);
    rows.push({ name, conns: t.connections ?? CONNECTIONS, ...r, target: t.target });
    console.log(`[bench] ${name}: ${fmt(r.rps, 0)} req/s, p95 ${fmt(r.p95)} ms`);
  };
  await run('bare node:http JSON (ceiling)', ceiling.url, { path: '/' });
  for (const t of TARGETS) {
    await run(t.name, shop.url, { ...t, headers: { ...(t.headers ?? {}), ...(t.as === 'member' ? { cookie: memberCookie } : {}) } });
  }
  // The machine may be shared: the ceiling is measured again at the end and the better run kept.
  await run('bare node:http JSON (ceiling, again)', ceiling.url, { path: '/' });
  const ceilingRps = Math.max(rows[0].rps, rows.at(-1).rps);
  const status = readFileSync(`/proc/${shop.pid}/status`, 'utf8');
  const peakRss = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];

  console.log(`\nSEED_GOODS=${SEED_GOODS}, ${DURATION} s per row, node ${process.version}, ${os.cpus().length} CPUs\n`);
  console.log('| target | conns | req/s | % ceiling | p50 ms | p95 ms | p99 ms | errors | verdict |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    const share = r.rps / ceilingRps;
    const checks = [];
    if (r.target?.p95Ms !== undefined) checks.push(r.p95 <= r.target.p95Ms ? `p95 ≤ ${r.target.p95Ms} ✓` : `p95 > ${r.target.p95Ms} ✗`);
    if (r.target?.ceilingShare !== undefined) checks.push(share >= r.target.ceilingShare ? `≥ ${r.target.ceilingShare * 100}% ✓` : `< ${r.target.ceilingShare * 100}% ✗`);
    console.log(`| ${r.name} | ${r.conns} | ${fmt(r.rps, 0)} | ${fmt(share * 100, 0)} % | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.errors} | ${checks.join(', ')} |`);
  }
  console.log(`\nServer peak RSS (VmHWM): ${peakRss ? `${(Number(peakRss) / 1024).toFixed(0)} MB` : 'unknown'}\n`);

  console.log('| page type | JS before interaction (gzip) | JS after interaction (gzip) | files |');
  console.log('|---|---:|---:|---:|');
  for (const t of TARGETS.filter((x) => x.page)) {
    const html = await (await fetch(shop.url + t.path)).text();
    const w = jsWeight(html);
    console.log(`| ${t.page} (${t.path}) | ${kb(w.before)} | ${kb(w.after)} | ${w.files} |`);
  }
} finally {
  await ceiling.stop();
  await shop.stop();
}

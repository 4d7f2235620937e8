// Bench for the prerendered help and news pages: per page, what a first visit costs (requests,
// bytes, script requests) in Chromium, the HTML size (raw and gzip) and the server's answer time.
// Figures only, no assertions (TESTING.md). Starts the built shop on BENCH_PORT (default 43442)
// unless BASE_URL points at a running one.
//   node scripts/bench-content.mjs            (after `astro build`; builds if stale)
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { root } from './build-if-stale.mjs';

const contentDir = path.join(root, 'src', 'content');
const mdFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.md'))
    .map((d) => path.join(d.parentPath, d.name))
    .sort();

function pagesToMeasure() {
  const help = mdFiles(path.join(contentDir, 'help')).map((f) => {
    const group = path.basename(path.dirname(f));
    return group === 'pay' ? '/help/pay' : `/help/${group}/${path.basename(f, '.md')}`;
  });
  const news = mdFiles(path.join(contentDir, 'news')).map((f) => {
    const type = /^type:\s*(\S+)/m.exec(readFileSync(f, 'utf8'))?.[1];
    return `/news/info/${path.basename(f, '.md')}/${type}`;
  });
  return ['/help', ...help, '/news/hy', '/news/hy/2', '/news/company', '/news/company/2', ...news];
}

async function startShop(port) {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(os.tmpdir(), `yaopi-bench-content-${port}`),
      YAOPI_FRESH_DATA: '1',
      SEED_GOODS: '200',
      DATABASE_URL: '',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/focus/common`)).ok) return { base, stop: () => child.kill('SIGTERM') };
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('shop did not start');
}

/** Median server answer time over n sequential GETs (body read in full). */
async function medianMs(url, n = 15) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await (await fetch(url)).arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(n / 2)];
}

const shop = process.env.BASE_URL ? { base: process.env.BASE_URL, stop: () => {} } : await startShop(Number(process.env.BENCH_PORT ?? 43442));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const rows = [];
try {
  for (const url of pagesToMeasure()) {
    const context = await browser.newContext(); // cold cache per page: a first visit
    const page = await context.newPage();
    const seen = [];
    page.on('requestfinished', (req) => seen.push(req));
    await page.goto(shop.base + url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(200);
    let bytes = 0;
    let scripts = 0;
    for (const req of seen) {
      const sizes = await req.sizes();
      bytes += sizes.responseBodySize + sizes.responseHeadersSize;
      if (req.resourceType() === 'script') scripts++;
    }
    const html = Buffer.from(await (await fetch(shop.base + url)).arrayBuffer());
    rows.push({
      page: url.length > 44 ? url.slice(0, 43) + '…' : url,
      requests: seen.length,
      scripts,
      'bytes (all)': bytes,
      'html': html.length,
      'html gz': gzipSync(html).length,
      'server ms (p50)': Number((await medianMs(shop.base + url)).toFixed(2)),
    });
    await context.close();
  }
} finally {
  await browser.close();
  shop.stop();
}
console.log('\nHelp and news pages (prerendered), first visit in Chromium:');
console.table(rows);
const sum = (k) => rows.reduce((s, r) => s + r[k], 0);
console.log(`pages ${rows.length}; script requests in total ${sum('scripts')}; requests per page ${(sum('requests') / rows.length).toFixed(1)}; ` +
  `mean html ${(sum('html') / rows.length / 1024).toFixed(1)} KiB (${(sum('html gz') / rows.length / 1024).toFixed(1)} KiB gz)`);

// Prerendered help and news pages: per page, what a first visit costs (requests, bytes, script
// requests) in Chromium, the HTML size (raw and gzip) and the server's answer time. Figures only.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { root } from '../build-if-stale.mjs';

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

/** First-visit cost of every help and news page in Chromium, printed as a table. */
export async function benchContentPages(base) {
  const shop = { base };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
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
        html: html.length,
        'html gz': gzipSync(html).length,
        'server ms (p50)': Number((await medianMs(shop.base + url)).toFixed(2)),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log('\nHelp and news pages (prerendered), first visit in Chromium:');
  console.table(rows);
  const sum = (k) => rows.reduce((s, r) => s + r[k], 0);
  console.log(
    `pages ${rows.length}; script requests in total ${sum('scripts')}; requests per page ${(sum('requests') / rows.length).toFixed(1)}; ` +
      `mean html ${(sum('html') / rows.length / 1024).toFixed(1)} KiB (${(sum('html gz') / rows.length / 1024).toFixed(1)} KiB gz)`,
  );
}

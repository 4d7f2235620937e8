// The build's static files are served from a list made at start: a built asset with a long cache,
// a prerendered page with or without its slash, and anything else left to Astro.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticFiles } from '#/server/http/staticFiles.ts';

let server: http.Server;
let base = '';

beforeAll(async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'yaopi-static-'));
  mkdirSync(path.join(root, '_astro'));
  mkdirSync(path.join(root, 'help', 'xrzn'), { recursive: true });
  writeFileSync(path.join(root, '_astro', 'app.abc123.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'help', 'xrzn', 'index.html'), '<h1>新手指南</h1>');
  writeFileSync(path.join(root, 'favicon.svg'), '<svg/>');
  const serve = staticFiles(root);
  server = http.createServer((req, res) => {
    if (!serve(req, res)) res.writeHead(299).end('astro');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('static files', () => {
  it('serves built assets for good and other files with revalidation', async () => {
    const asset = await fetch(`${base}/_astro/app.abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${base}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=0');
  });

  it('serves a prerendered page with or without its slash', async () => {
    for (const p of ['/help/xrzn', '/help/xrzn/', '/help/xrzn/?id=1']) {
      const res = await fetch(base + p);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('<h1>新手指南</h1>');
    }
  });

  it('leaves pages, API calls, writes and paths out of the folder to Astro', async () => {
    for (const p of ['/list', '/api/goods/list', '/_astro/..%2f..%2fetc%2fpasswd', '/%E0%A4%A']) {
      expect((await fetch(base + p)).status).toBe(299);
    }
    expect((await fetch(`${base}/favicon.svg`, { method: 'POST' })).status).toBe(299);
  });
});

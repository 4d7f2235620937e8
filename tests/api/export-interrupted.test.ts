// An export that loses its database part-way, as a PostgreSQL restart or failover would do it:
// the download ends short, never as a file that opens as if whole, and the same process serves on,
// the next export whole. Runs on PostgreSQL whichever engine the suite uses (PGlite has no
// connections to lose).
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const PG_URL = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test';
const ORDERS = 3000;
const LINES_PER_ORDER = 20;
let server: RunningServer;

async function sql(databaseUrl: string, text: string): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  server = await startServer({ DATABASE_URL: PG_URL, SEED_GOODS: '200' });
  // 60,000 lines: a dozen of the export's slices (exports/orders.ts), written past the shop.
  await sql(
    server.databaseUrl!,
    `WITH cs AS (SELECT array_agg(id ORDER BY id) ids, array_agg(account_id ORDER BY id) accs FROM companies)
     INSERT INTO orders (no, company_id, account_id, status, goods_amount, payable_amount, pay_method,
                         paid_at, expires_at, address, created_at)
     SELECT 'EXPT' || lpad(g::text, 8, '0'), cs.ids[1 + g % cardinality(cs.ids)],
            cs.accs[1 + g % cardinality(cs.ids)], 'paid', 20000, 20000, 'balance',
            now(), now() + interval '1 day',
            '{"name":"王药师","phone":"13800138000","region":"湖北省 武汉市","address":"珞喻路 1 号"}'::jsonb,
            now() - g * interval '1 second'
     FROM cs, generate_series(1, ${ORDERS}) g;
     INSERT INTO order_lines (order_id, goods_id, name, spec, sccj, bzdw, number, base_price, unit_price, amount)
     SELECT o.id, gd.id, gd.name, gd.spec, gd.sccj, gd.bzdw, 1, 1000, 1000, 1000
     FROM orders o CROSS JOIN generate_series(1, ${LINES_PER_ORDER}) k
     JOIN goods gd ON gd.id = (SELECT min(id) FROM goods) + (o.id * 31 + k * 7) % 200
     WHERE o.no LIKE 'EXPT%';`,
  );
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

async function finance(): Promise<Client> {
  const c = new Client(server.url);
  const res = await c.post('/api/admin/login', { login: 'finance', password: 'yaopi2026' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return c;
}

function exportRequest(c: Client): Promise<Response> {
  const url = new URL('/api/admin/orders/export', server.url);
  url.search = new URLSearchParams({ status: 'all', q: 'EXPT' }).toString();
  return fetch(url, {
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
}

async function workbookRows(bytes: Buffer): Promise<Record<string, number>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: Record<string, number> = {};
  book.eachSheet((sheet) => {
    rows[sheet.name] = sheet.actualRowCount;
  });
  return rows;
}

async function terminateAppConnections(databaseUrl: string): Promise<number> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const r = await sql(
    PG_URL,
    `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
     WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
  );
  return r.rows[0].n as number;
}

/** Starts the export and reads its first bytes; the rest waits on the reader (backpressure). */
async function startedExport(): Promise<{
  reader: ReadableStreamDefaultReader<Uint8Array>;
  chunks: Uint8Array[];
}> {
  const res = await exportRequest(await finance());
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const first = await reader.read();
  expect(first.done).toBe(false);
  return { reader, chunks: [first.value!] };
}

/** Reads the rest: the bytes, and whether the body was cut off. */
async function rest(reader: ReadableStreamDefaultReader<Uint8Array>, chunks: Uint8Array[]) {
  let cutOff = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      chunks.push(next.value);
    }
  } catch {
    cutOff = true;
  }
  return { bytes: Buffer.concat(chunks), cutOff };
}

const WHOLE = { 订单: ORDERS + 1, 订单明细: ORDERS * LINES_PER_ORDER + 1 };

describe('an order export, and pages, while the database goes away', () => {
  it('is whole when the connections drop and come back (a restart, a failover)', async () => {
    const { reader, chunks } = await startedExport();
    expect(await terminateAppConnections(server.databaseUrl!)).toBeGreaterThan(0);
    const { bytes, cutOff } = await rest(reader, chunks);
    expect(cutOff).toBe(false);
    expect(await workbookRows(bytes)).toEqual(WHOLE);
  }, 120_000);

  it('ends short when the database stays away, never as a whole-looking file; the next is whole', async () => {
    const name = new URL(server.databaseUrl!).pathname.slice(1);
    const staff = await finance();
    const { reader, chunks } = await startedExport();
    await sql(PG_URL, `ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
    try {
      expect(await terminateAppConnections(server.databaseUrl!)).toBeGreaterThan(0);
      const { bytes, cutOff } = await rest(reader, chunks);
      expect(cutOff).toBe(true);
      await expect(workbookRows(bytes)).rejects.toThrow();
      // A back-office page meanwhile says so in Chinese (503), as the API does.
      const page = await fetch(new URL('/admin/orders?status=all&q=EXPT', server.url), {
        headers: { cookie: [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        redirect: 'manual',
      });
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('5');
      expect(await page.text()).toContain('系统维护中，请稍后再试');
      const api = await staff.get('/api/admin/orders', { status: 'all' });
      expect(api.status).toBe(503);
    } finally {
      await sql(PG_URL, `ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
    }

    // The process serves on, and the export asked again is whole.
    const deadline = Date.now() + 10_000;
    let health = 0;
    while (Date.now() < deadline) {
      health = (await fetch(new URL('/healthz', server.url))).status;
      if (health === 200) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(health).toBe(200);
    const again = await exportRequest(await finance());
    expect(again.status).toBe(200);
    expect(await workbookRows(Buffer.from(await again.arrayBuffer()))).toEqual(WHOLE);
    // The same process, which logged the failures without the failed queries' parameters.
    expect(() => process.kill(server.pid, 0)).not.toThrow();
    expect(server.output()).toContain('spreadsheet export failed');
    expect(server.output()).toContain('database unavailable');
    expect(server.output()).not.toContain('params:');
  }, 120_000);

  it('a page that fails otherwise answers 500 in Chinese, logged without the query parameters', async () => {
    const staff = await finance();
    const before = server.output().length;
    await sql(server.databaseUrl!, 'ALTER TABLE order_lines RENAME TO order_lines_away');
    try {
      const page = await fetch(
        new URL(`/admin/orders?status=all&q=${encodeURIComponent('保密药名X9')}`, server.url),
        { headers: { cookie: [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } },
      );
      expect(page.status).toBe(500);
      expect(await page.text()).toContain('系统繁忙，请稍后再试');
    } finally {
      await sql(server.databaseUrl!, 'ALTER TABLE order_lines_away RENAME TO order_lines');
    }
    const logged = server.output().slice(before);
    expect(logged).toContain('page failed');
    expect(logged).not.toContain('保密药名X9');
  }, 60_000);
});

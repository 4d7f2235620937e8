// Two app processes on one PostgreSQL, as behind a load balancer: they start together on an empty
// database (one seeds, under the start-up lock), one store's concurrent orders spread over both
// all succeed, and a stock race between stores ends in sales or clean 409s, never a 5xx or an
// oversell; a price or stock written straight to the database (the ERP, another process) reaches
// both processes' lists and details within the read model's staleness. Runs on PostgreSQL whichever
// engine the suite uses.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concurrencyFixture } from '../support/concurrency.ts';
import { Client } from '../support/http.ts';
import { createScratchDatabase, type RunningServer, startServer } from '../support/server.ts';
import { submissionKey } from '../support/shop.ts';

const PG_URL = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test';
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let a: RunningServer;
let b: RunningServer;
let pool: pg.Pool;

beforeAll(async () => {
  scratch = await createScratchDatabase(PG_URL);
  [a, b] = await Promise.all([
    startServer({ SEED_GOODS: '300' }, { sharedDatabase: scratch.url }),
    startServer({ SEED_GOODS: '300' }, { sharedDatabase: scratch.url }),
  ]);
  pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await pool?.end();
  await scratch?.drop();
});

describe('two processes on one PostgreSQL', () => {
  it('start together on an empty database and seed it once', async () => {
    const accounts = await pool.query(
      "SELECT count(*)::int AS n FROM accounts WHERE username IN ('demo','clinic','chain')",
    );
    expect(accounts.rows[0].n).toBe(3);
    const staff = await pool.query("SELECT count(*)::int AS n FROM staff WHERE login = 'admin'");
    expect(staff.rows[0].n).toBe(1);
    expect([a.output(), b.output()].filter((o) => o.includes('[seed] done'))).toHaveLength(1);
  });

  it('one store submitting different orders at once through both processes: all placed', async () => {
    const { goodsId, clients } = await concurrencyFixture(pool, 40, 1, a.url);
    const goodsIds = [goodsId];
    for (let i = 0; i < 5; i++) goodsIds.push((await concurrencyFixture(pool, 40, 0)).goodsId);
    const viaA = clients[0]!;
    const viaB = new Client(b.url);
    viaB.cookies = viaA.cookies;
    const add = await viaA.post('/api/cart', {
      params: goodsIds.map((id) => ({ goods_id: id, number: 1 })),
    });
    expect(add.status).toBe(200);
    const lines = (await viaA.get('/api/cart/list')).body.data.data.map(
      (l: { id: number }) => l.id,
    );
    expect(lines).toHaveLength(6);
    const results = await Promise.all(
      lines.map((id: number, i: number) =>
        (i % 2 ? viaB : viaA).post('/api/order', { key: submissionKey(), ids: [id] }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
  });

  it('twelve stores racing for five units over both processes: five sold, the rest 409', async () => {
    const { goodsId, clients } = await concurrencyFixture(pool, 5, 12, a.url);
    const lines: number[] = [];
    for (const c of clients) {
      await c.post('/api/cart', { params: [{ goods_id: goodsId, number: 1 }] });
      lines.push((await c.get('/api/cart/list')).body.data.data[0].id);
    }
    const results = await Promise.all(
      clients.map((c, i) => {
        const via = i % 2 ? new Client(b.url) : c;
        via.cookies = c.cookies;
        return via.post('/api/order', { key: submissionKey(), ids: [lines[i]] });
      }),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    const left = await pool.query('SELECT stock FROM goods_lots WHERE goods_id = $1', [goodsId]);
    expect(left.rows.every((r) => r.stock === 0)).toBe(true);
  });
});

describe('the catalogue read model of both processes', () => {
  it('shows a price and stock written straight to the database within its staleness', async () => {
    const { goodsId, clients } = await concurrencyFixture(pool, 40, 1, a.url);
    const buyer = clients[0]!;
    const viaB = new Client(b.url);
    viaB.cookies = buyer.cookies;
    const seen = async (c: Client) => {
      const detail = (await c.get(`/api/goods/detail/${goodsId}`)).body.data;
      const list = await c.get('/api/goods/list', { keywords: 'bfcsp', per_page: 100 });
      const card = list.body.data.find((g: { id: number }) => g.id === goodsId);
      return {
        detail: [detail?.base_price, detail?.number],
        card: [card?.base_price, card?.number],
      };
    };
    // Both processes have shown it once, so each holds it in its read model.
    await expect.poll(() => seen(buyer), { timeout: 6_000 }).toMatchObject({ card: ['10.00', 40] });
    await expect.poll(() => seen(viaB), { timeout: 6_000 }).toMatchObject({ card: ['10.00', 40] });

    // The ERP's way in: a price, and a lot's stock (goods.stock follows its lots by trigger).
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('UPDATE goods SET base_price = 1234 WHERE id = $1', [goodsId]);
      await client.query(
        "UPDATE goods_lots SET stock = stock - 5 WHERE goods_id = $1 AND batch_no = 'EARLY'",
        [goodsId],
      );
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const fresh = { detail: ['12.34', 35], card: ['12.34', 35] };
    // GOODS_CACHE_MS (2 s) until the next poll, and the poll itself.
    await expect.poll(() => seen(buyer), { timeout: 5_000 }).toEqual(fresh);
    await expect.poll(() => seen(viaB), { timeout: 5_000 }).toEqual(fresh);
  });

  it("shows a goods' document written straight to the database on both detail pages", async () => {
    const { goodsId, clients } = await concurrencyFixture(pool, 40, 1, a.url);
    const buyer = clients[0]!;
    const viaB = new Client(b.url);
    viaB.cookies = buyer.cookies;
    const documentKinds = async (c: Client) => {
      const page = await c.get(`/list/info/${goodsId}`);
      expect(page.status).toBe(200);
      const box = /data-testid="goods-documents".*?<\/section>/s.exec(String(page.body))?.[0];
      expect(box).toBeDefined();
      return [...box!.matchAll(/data-kind="([a-z_]+)"/g)].map((m) => m[1]);
    };
    expect(await documentKinds(buyer)).toEqual([]);
    expect(await documentKinds(viaB)).toEqual([]);

    await pool.query(
      `INSERT INTO gsp_documents (goods_id, kind, file, valid_until, uploaded_by)
       VALUES ($1, 'gmp', 'gmp.pdf', '2030-01-31', 1)`,
      [goodsId],
    );
    // The read model's poll (GOODS_CACHE_MS) and the page's shared copy (SEARCH_CACHE_MAX_AGE_MS).
    await expect.poll(() => documentKinds(buyer), { timeout: 8_000 }).toEqual(['gmp']);
    await expect.poll(() => documentKinds(viaB), { timeout: 8_000 }).toEqual(['gmp']);
  });
});

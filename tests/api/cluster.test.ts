// The multi-process set-up as it runs in production: two app processes on one PostgreSQL behind
// nginx (scripts/cluster.mjs, Debian's nginx as our own child). Buyer journeys go through nginx,
// which spreads their requests round robin over both processes (X-Upstream says which answered):
// the session, the cart, the order, the sandbox payment and the stock agree whichever process
// answers, a logout holds on both within SESSION_CACHE_MS, and buyers racing for the last units
// through nginx get sales or clean 409s. PostgreSQL only: the API suite on the embedded database
// leaves this file out (vitest.config.ts), the PostgreSQL run has it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from '../../scripts/cluster.mjs';
import { createSandboxProvider } from '#/server/payments/sandbox.ts';
import { ALWAYS, clientId, openStream, setHours } from '../support/chat.ts';
import { concurrencyFixture } from '../support/concurrency.ts';
import { type ApiResponse, Client } from '../support/http.ts';
import { createScratchDatabase, SANDBOX_SECRET } from '../support/server.ts';
import { submissionKey } from '../support/shop.ts';

const PG_URL = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test';
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let cluster: Awaited<ReturnType<typeof startCluster>>;
let pool: pg.Pool;

beforeAll(async () => {
  scratch = await createScratchDatabase(PG_URL);
  cluster = await startCluster({
    databaseUrl: scratch.url,
    processes: 2,
    env: {
      SEED_DEMO: '1',
      SEED_GOODS: '300',
      PAY_SANDBOX: '1',
      PAY_SANDBOX_SECRET: SANDBOX_SECRET,
      YAOPI_TEST_HOOKS: '1',
    },
  });
  pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
  await pool?.end();
  await scratch?.drop();
});

const upstream = (res: ApiResponse) => res.headers.get('x-upstream') ?? '';

/** Asks until each process has answered at least `times`; answers every response. */
async function fromEach(ask: () => Promise<ApiResponse>, times = 2): Promise<ApiResponse[]> {
  const seen = new Map<string, number>();
  const all: ApiResponse[] = [];
  for (let i = 0; i < 20 && (seen.size < 2 || [...seen.values()].some((n) => n < times)); i++) {
    const res = await ask();
    all.push(res);
    seen.set(upstream(res), (seen.get(upstream(res)) ?? 0) + 1);
  }
  expect(seen.size).toBe(2);
  return all;
}

async function until(ask: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await ask()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('two processes behind nginx', () => {
  it('serves through nginx from both processes', async () => {
    const c = new Client(cluster.url);
    const ports = cluster.processes.map((p) => `127.0.0.1:${p.port}`).sort();
    const answers = await fromEach(() => c.get('/api/focus/common'), 1);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect([...new Set(answers.map(upstream))].sort()).toEqual(ports);
  });

  it('a buyer journey: login, cart, order, sandbox payment and stock agree on both processes', async () => {
    const c = new Client(cluster.url);
    const login = await c.post('/api/login', { username: 'demo', password: 'yaopi2026' });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    // The session made by one process is known to the other.
    const money = await fromEach(() => c.get('/api/user/user_money'));
    expect(money.map((r) => r.status)).toEqual(money.map(() => 200));

    const { goodsId } = await concurrencyFixture(pool, 40, 0);
    expect((await c.post('/api/cart', { params: [{ goods_id: goodsId, number: 3 }] })).status).toBe(
      200,
    );
    const before = (await pool.query('SELECT stock FROM goods WHERE id = $1', [goodsId])).rows[0]
      .stock;
    // The cart line written through one process is listed by both.
    const lists = await fromEach(() => c.get('/api/cart/list'));
    const lines = lists.map((r) => r.body.data.data.find((l: any) => l.goods.id === goodsId));
    expect(lines.every((l) => l && l.number === 3)).toBe(true);

    const placed = await c.post('/api/order', { key: submissionKey(), ids: [lines[0].id] });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.data.order_ids[0];
    const start = await c.post('/api/pay/online', { order_id: orderId, provider: 'sandbox' });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const amountFen = Math.round(Number(start.body.data.amount) * 100);
    const notice = createSandboxProvider({
      secret: SANDBOX_SECRET,
      notifyUrl: 'http://127.0.0.1:9/unused',
    }).notification(start.body.data.payment_id, amountFen);
    const provider = new Client(cluster.url, null);
    const notified = await provider.request('POST', '/api/pay/notify/sandbox', {
      body: notice.body,
      headers: notice.headers,
    });
    expect(notified.status).toBe(204);
    const orders = await fromEach(() => c.get(`/api/order/${orderId}`));
    expect(orders.map((r) => r.body.data.status)).toEqual(orders.map(() => 'paid'));

    // Stock: the database at once; each process's screens within their few seconds of cache.
    const after = (await pool.query('SELECT stock FROM goods WHERE id = $1', [goodsId])).rows[0]
      .stock;
    expect(after).toBe(before - 3);
    const fresh = new Set<string>();
    expect(
      await until(async () => {
        const res = await c.get(`/api/goods/detail/${goodsId}`);
        if (res.body.data.number === after) fresh.add(upstream(res));
        return fresh.size === 2;
      }, 8000),
    ).toBe(true);

    // A logout through one process holds on both once their session caches have let go.
    const stale = new Client(cluster.url);
    stale.cookies = new Map(c.cookies);
    expect((await c.request('DELETE', '/api/user/logout')).status).toBe(200);
    const gone = new Set<string>();
    expect(
      await until(async () => {
        const res = await stale.get('/api/user/user_money');
        if (res.status === 401) gone.add(upstream(res));
        return gone.size === 2;
      }, 8000),
    ).toBe(true);
  });

  it('twelve buyers racing for five units through nginx: five sold, the rest 409, no 5xx', async () => {
    const { goodsId, clients } = await concurrencyFixture(pool, 5, 12, cluster.url);
    const lines: number[] = [];
    for (const c of clients) {
      expect(
        (await c.post('/api/cart', { params: [{ goods_id: goodsId, number: 1 }] })).status,
      ).toBe(200);
      lines.push((await c.get('/api/cart/list')).body.data.data[0].id);
    }
    const results = await Promise.all(
      clients.map((c, i) => c.post('/api/order', { key: submissionKey(), ids: [lines[i]] })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    expect(new Set(results.map(upstream)).size).toBe(2);
    const left = await pool.query('SELECT stock FROM goods WHERE id = $1', [goodsId]);
    expect(left.rows[0].stock).toBe(0);
  });
  it('chat streams pass nginx unbuffered: messages posted round robin reach both sides within a second', async () => {
    const admin = new Client(cluster.url);
    expect(
      (await admin.post('/api/admin/login', { login: 'admin', password: 'yaopi2026' })).status,
    ).toBe(200);
    await setHours(admin, ALWAYS);
    const buyer = new Client(cluster.url);
    expect(
      (await buyer.post('/api/login', { username: 'chain', password: 'yaopi2026' })).status,
    ).toBe(200);
    const service = new Client(cluster.url);
    expect(
      (await service.post('/api/admin/login', { login: 'service', password: 'yaopi2026' })).status,
    ).toBe(200);
    const desk = await openStream(service, '/api/admin/chat/stream');
    const mine = await openStream(buyer, '/api/chat/stream');
    try {
      await Promise.all([
        desk.next((e) => e.type === 'hello'),
        mine.next((e) => e.type === 'hello'),
      ]);
      const answered = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const sentAt = Date.now();
        const sent = await buyer.post('/api/chat/messages', {
          client_id: clientId(),
          text: `经nginx的第${i}条`,
        });
        expect(sent.status).toBe(201);
        answered.add(upstream(sent));
        expect((await desk.next((e) => e.id === sent.body.data.id, 2000)).at - sentAt).toBeLessThan(
          1000,
        );
        const reply = await service.post(
          `/api/admin/chat/conversations/${sent.body.data.conversation_id}/messages`,
          {
            client_id: clientId(),
            text: `回复${i}`,
          },
        );
        answered.add(upstream(reply));
        expect(
          (await mine.next((e) => e.id === reply.body.data.id, 2000)).at - sentAt,
        ).toBeLessThan(1000);
      }
      expect(answered.size).toBe(2);
    } finally {
      desk.close();
      mine.close();
    }
  });
});

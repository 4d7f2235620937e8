// A process survives its database: PostgreSQL ends every connection of the app (as a restart or a
// failover would) while buyers keep asking. Requests in flight answer 503 JSON, never 500 and never
// a dropped socket; the process stays up and serves again by itself within seconds. Some of the
// load writes (adding to the cart is a transaction), so connections are also lost while checked out
// of the pool between two statements, where no query is there to receive the error.
// Runs on PostgreSQL whichever engine the suite uses (PGlite has no connections to lose).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const PG_URL = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test';
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ DATABASE_URL: PG_URL, SEED_GOODS: '200' });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

async function terminateAppConnections(databaseUrl: string): Promise<number> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    const r = await admin.query(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    return r.rows[0].n as number;
  } finally {
    await admin.end();
  }
}

describe('database connections ended under load', () => {
  it('answers 503 JSON meanwhile, never 500, and recovers by itself', async () => {
    const c = new Client(server.url);
    expect((await c.post('/api/login', { username: 'demo', password: 'yaopi2026' })).status).toBe(
      200,
    );
    const listed = (await c.get('/api/goods/list', { per_page: 50 })).body.data;
    const goodsId = listed.find((g: { is_buy: boolean }) => g.is_buy).id;
    const statuses: number[] = [];
    const bad: string[] = [];
    let stop = false;
    const worker = async (i: number) => {
      while (!stop) {
        const path = [
          '/api/cart/list',
          `/api/goods/list?page=${1 + (statuses.length % 9)}`,
          '/api/cart',
        ][i % 3]!;
        const res = await (path === '/api/cart'
          ? c.post(path, { params: [{ goods_id: goodsId, number: 1, type: 0 }] })
          : c.get(path)
        ).catch((error: Error) => {
          bad.push(`${path} ${error.cause ?? error}\n${server.output().slice(-2000)}`);
          return null;
        });
        if (!res) break;
        statuses.push(res.status);
        if (
          res.status !== 200 &&
          !(res.status === 503 && /[\u4e00-\u9fff]/.test(res.body?.message))
        )
          bad.push(`${path} ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, i) => worker(i)));
    await new Promise((r) => setTimeout(r, 300));
    let killed = 0;
    for (let round = 0; round < 3; round++) {
      killed += await terminateAppConnections(server.databaseUrl!);
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await load;
    expect(killed).toBeGreaterThan(0);
    expect(bad).toEqual([]);
    expect(statuses.length).toBeGreaterThan(20);

    // Serving again within seconds, from the same process.
    const deadline = Date.now() + 10_000;
    let last = 0;
    while (Date.now() < deadline) {
      last = (await c.get('/api/cart/list')).status;
      if (last === 200) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(last).toBe(200);
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
  }, 60_000);
});

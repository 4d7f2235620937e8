// Background jobs with two app processes on one PostgreSQL (pg-boss): each tick of a periodic job
// runs once across both, an expired order is cancelled once with its stock (and its place in the
// reports' sums) back once, a long-shipped order completes once with one message to the buyer,
// and a tick missed while every process was down runs when one starts again. Runs on PostgreSQL
// whichever engine the suite uses.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concurrencyFixture } from '../support/concurrency.ts';
import type { Client } from '../support/http.ts';
import { createScratchDatabase, type RunningServer, startServer } from '../support/server.ts';
import { submissionKey } from '../support/shop.ts';

const PG_URL = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test';
// The unpaid-order sweep every second, auto-completion every 10 s.
const ENV = { SEED_GOODS: '200', JOBS_TICK_S: '1' };
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let a: RunningServer;
let b: RunningServer;
let pool: pg.Pool;

beforeAll(async () => {
  scratch = await createScratchDatabase(PG_URL);
  [a, b] = await Promise.all([
    startServer(ENV, { sharedDatabase: scratch.url }),
    startServer(ENV, { sharedDatabase: scratch.url }),
  ]);
  pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await pool?.end();
  await scratch?.drop();
});

async function until<T>(what: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function order(c: Client, goodsId: number, number: number): Promise<number> {
  expect((await c.post('/api/cart', { params: [{ goods_id: goodsId, number }] })).status).toBe(200);
  const line = (await c.get('/api/cart/list')).body.data.data.find(
    (l: any) => l.goods.id === goodsId,
  );
  const placed = await c.post('/api/order', { key: submissionKey(), ids: [line.id] });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.data.order_ids[0];
}

const stockOf = async (goodsId: number) => {
  const r = await pool.query(
    `SELECT g.stock, (SELECT sum(stock)::int FROM goods_lots WHERE goods_id = g.id) AS lots
     FROM goods g WHERE id = $1`,
    [goodsId],
  );
  return r.rows[0] as { stock: number; lots: number };
};
const statusOf = async (orderId: number) =>
  (await pool.query('SELECT status, cancel_reason FROM orders WHERE id = $1', [orderId])).rows[0];
const expire = (orderId: number) =>
  pool.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [orderId]);

describe('background jobs on two processes', () => {
  it('an expired unpaid order is cancelled once by the sweep, its stock back once', async () => {
    const { goodsId, clients } = await concurrencyFixture(pool, 10, 1, a.url);
    const id = await order(clients[0]!, goodsId, 3);
    expect(await stockOf(goodsId)).toEqual({ stock: 7, lots: 7 });
    await expire(id);
    const after = await until(
      () => statusOf(id),
      (o) => o.status === 'cancelled',
      10_000,
    );
    expect(after).toEqual({ status: 'cancelled', cancel_reason: '超时未支付，系统自动取消' });
    // Give a second run (were there one) its chance to put the stock back again.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await stockOf(goodsId)).toEqual({ stock: 10, lots: 10 });
    const reservations = await pool.query(
      'SELECT count(*)::int AS n, count(released_at)::int AS released FROM stock_reservations WHERE order_id = $1',
      [id],
    );
    expect(reservations.rows[0].n).toBeGreaterThan(0);
    expect(reservations.rows[0].released).toBe(reservations.rows[0].n);
    // The reports' sums took the order back once: its store's days count no order, no goods.
    const tallied = await pool.query(
      `SELECT (SELECT coalesce(sum(orders), 0)::int FROM report_store_days
                WHERE company_id = o.company_id) AS orders,
              (SELECT coalesce(sum(lines), 0)::int FROM report_goods_days WHERE goods_id = $2) AS lines
       FROM orders o WHERE o.id = $1`,
      [id, goodsId],
    );
    expect(tallied.rows[0]).toEqual({ orders: 0, lines: 0 });
  });

  it('each tick of the sweep is one job across both processes', async () => {
    const since = (await pool.query('SELECT now() AS t')).rows[0].t;
    await new Promise((r) => setTimeout(r, 6000));
    const r = await pool.query(
      `SELECT count(*)::int AS jobs, count(DISTINCT singleton_on)::int AS slots,
              count(*) FILTER (WHERE state = 'completed')::int AS done
       FROM pgboss.job WHERE name = 'orders.expire-unpaid' AND created_on >= $1`,
      [since],
    );
    const { jobs, slots, done } = r.rows[0];
    // Two processes offering every second: one job per one-second slot, not two.
    expect(jobs).toBe(slots);
    expect(jobs).toBeGreaterThanOrEqual(4);
    expect(jobs).toBeLessThanOrEqual(8);
    expect(done).toBeGreaterThanOrEqual(jobs - 1);
  });

  it('an order shipped long ago completes by itself once, with one message to the buyer', async () => {
    const { goodsId, clients, companyIds } = await concurrencyFixture(pool, 5, 1, b.url);
    const id = await order(clients[0]!, goodsId, 1);
    await pool.query(
      `UPDATE orders SET status = 'shipped', shipped_at = now() - interval '30 days' WHERE id = $1`,
      [id],
    );
    const after = await until(
      () => statusOf(id),
      (o) => o.status === 'completed',
      15_000,
    );
    expect(after.status).toBe('completed');
    await new Promise((r) => setTimeout(r, 1500));
    const messages = await pool.query(
      `SELECT count(*)::int AS n FROM member_messages m JOIN companies c ON c.account_id = m.account_id
       WHERE c.id = $1 AND m.title = '订单已自动确认收货'`,
      [companyIds[0]],
    );
    expect(messages.rows[0].n).toBe(1);
  });

  it('a tick missed while every process was down runs when one starts again', async () => {
    const { goodsId, clients } = await concurrencyFixture(pool, 4, 1, a.url);
    const id = await order(clients[0]!, goodsId, 2);
    await Promise.all([a.stop(), b.stop()]);
    await expire(id);
    expect((await statusOf(id)).status).toBe('unpaid');
    a = await startServer(ENV, { sharedDatabase: scratch.url });
    const after = await until(
      () => statusOf(id),
      (o) => o.status === 'cancelled',
      10_000,
    );
    expect(after.status).toBe('cancelled');
    expect(await stockOf(goodsId)).toEqual({ stock: 4, lots: 4 });
  }, 120_000);
});

import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { concurrencyFixture } from '../support/concurrency.ts';
import { addBuyable, login, submissionKey } from '../support/shop.ts';
import { UNPAID_ORDER_TIMEOUT_MIN } from '#/lib/constants.ts';

// On PostgreSQL the server runs real concurrent transactions: 50 buyers race for 20 units.
// On PGlite (one connection) the same calls are serialised; there the assertions check the
// serialised outcome with the demo member instead, so nothing is skipped.
const databaseUrl = inject('databaseUrl');
const onPostgres = databaseUrl !== '';
const pool = onPostgres ? new pg.Pool({ connectionString: databaseUrl, max: 4 }) : null;
afterAll(async () => {
  await pool?.end();
});

const fixture = (stock: number, n: number) => concurrencyFixture(pool!, stock, n);

describe('placing orders under concurrency', () => {
  it('50 buyers, 20 units: exactly 20 sold, stock never negative, no 5xx', async () => {
    if (onPostgres) {
      const { goodsId, clients } = await fixture(20, 50);
      const lines: number[] = [];
      for (const c of clients) {
        const add = await c.post('/api/cart', { params: [{ goods_id: goodsId, number: 1 }] });
        expect(add.status).toBe(200);
        lines.push((await c.get('/api/cart/list')).body.data.data[0].id);
      }
      const results = await Promise.all(
        clients.map((c, i) => c.post('/api/order', { key: submissionKey(), ids: [lines[i]] })),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.filter((s) => s === 201)).toHaveLength(20);
      expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
      const db = pool!;
      const goods = await db.query('SELECT stock FROM goods WHERE id = $1', [goodsId]);
      const lots = await db.query('SELECT stock FROM goods_lots WHERE goods_id = $1', [goodsId]);
      const sold = await db.query(
        'SELECT coalesce(sum(number), 0)::int AS n FROM order_lines WHERE goods_id = $1',
        [goodsId],
      );
      const reserved = await db.query(
        'SELECT coalesce(sum(number), 0)::int AS n FROM stock_reservations r JOIN goods_lots l ON l.id = r.lot_id WHERE l.goods_id = $1',
        [goodsId],
      );
      expect(goods.rows[0].stock).toBe(0);
      expect(lots.rows.map((r) => r.stock)).toEqual([0, 0]);
      expect(sold.rows[0].n).toBe(20);
      expect(reserved.rows[0].n).toBe(20);
    } else {
      // Serialised: ten different submissions for the same cart line; one wins, the rest find it gone.
      const c = await login('demo');
      const line = await addBuyable(c, 500, 3);
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          c.post('/api/order', { key: submissionKey(), ids: [line.id] }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 201).every((s) => s === 404 || s === 409)).toBe(true);
      const probe = await addBuyable(c, line.goods.id, 1, (g) => g.id === line.goods.id);
      expect(probe.goods.number).toBe(line.goods.number - 3);
      await c.post('/api/cart/batch_delete', { ids: [probe.id] });
    }
  });

  it('the same submission sent 10 times at once makes one order', async () => {
    const fx = onPostgres ? await fixture(10, 1) : null;
    const c = fx ? fx.clients[0]! : await login('demo');
    let line: any;
    if (fx) {
      const goodsId = fx.goodsId;
      const added = await c.post('/api/cart', { params: [{ goods_id: goodsId, number: 2 }] });
      expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
      line = (await c.get('/api/cart/list')).body.data.data[0];
      expect(line?.goods.id).toBe(goodsId);
    } else {
      line = await addBuyable(c, 520, 2);
    }
    const key = submissionKey();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => c.post('/api/order', { key, ids: [line.id] })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const ids = new Set(results.map((r) => JSON.stringify(r.body.data.order_ids)));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.body.data.replayed === false)).toHaveLength(1);
    const orderId = results[0]!.body.data.order_ids[0];
    const info = (await c.get(`/api/order/${orderId}`)).body.data;
    expect(info.lines[0].number).toBe(2);
    if (onPostgres) {
      const n = await pool!.query(
        'SELECT count(*)::int AS n FROM order_submissions WHERE key = $1',
        [key],
      );
      expect(n.rows[0].n).toBe(1);
    }
    // A later retry of the same key still answers the same order.
    const again = await c.post('/api/order', { key, ids: [line.id] });
    expect(again.body.data.order_ids).toEqual([orderId]);
    expect(again.body.data.replayed).toBe(true);
    await c.post(`/api/order/${orderId}/cancel`);
  });

  it('an unpaid order past UNPAID_ORDER_TIMEOUT_MIN is cancelled and its stock released', async () => {
    const fx = onPostgres ? await fixture(5, 1) : null;
    const c = fx ? fx.clients[0]! : await login('demo');
    if (fx) await c.post('/api/cart', { params: [{ goods_id: fx.goodsId, number: 3 }] });
    const line = fx
      ? (await c.get('/api/cart/list')).body.data.data[0]
      : await addBuyable(c, 540, 3);
    const id = (await c.post('/api/order', { key: submissionKey(), ids: [line.id] })).body.data
      .order_ids[0];
    const info = (await c.get(`/api/order/${id}`)).body.data;
    expect(info.status).toBe('unpaid');
    expect(Date.parse(info.expires_at) - Date.parse(info.created_at)).toBeGreaterThanOrEqual(
      UNPAID_ORDER_TIMEOUT_MIN * 60_000 - 1000,
    );
    if (fx) {
      await pool!.query(
        `UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`,
        [id],
      );
      const swept = (await c.get(`/api/order/${id}`)).body.data;
      expect(swept.status).toBe('cancelled');
      expect(swept.cancel_reason).toMatch(/超时/);
      expect(
        (await pool!.query('SELECT stock FROM goods WHERE id = $1', [fx.goodsId])).rows[0].stock,
      ).toBe(5);
      expect(
        (
          await pool!.query('SELECT sum(stock)::int AS s FROM goods_lots WHERE goods_id = $1', [
            fx.goodsId,
          ])
        ).rows[0].s,
      ).toBe(5);
      expect((await c.post('/api/pay/balance', { order_id: id })).status).toBe(409);
    } else {
      // PGlite: the deadline cannot be moved from outside; cancelling releases the same way.
      const cancelled = (await c.post(`/api/order/${id}/cancel`)).body.data;
      expect(cancelled.lines[0].lots.every((l: any) => l.released)).toBe(true);
    }
  });

  it('a price changed after adding is flagged in the cart and charged at the new price', async () => {
    const fx = onPostgres ? await fixture(10, 1) : null;
    const c = fx ? fx.clients[0]! : await login('demo');
    if (fx) await c.post('/api/cart', { params: [{ goods_id: fx.goodsId, number: 2 }] });
    const line = fx
      ? (await c.get('/api/cart/list')).body.data.data[0]
      : await addBuyable(c, 545, 2);
    expect(line.price_changed).toBeUndefined();
    if (fx) {
      await pool!.query('UPDATE goods SET base_price = 1250 WHERE id = $1', [fx.goodsId]);
      // An order reads the database at once: the amount the buyer saw before is refused.
      const stale = await c.post('/api/order', {
        key: submissionKey(),
        ids: [line.id],
        expected_amount: '30.00',
      });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toMatch(/价格已变化/);
      // The cart shows what the catalogue shows: a price written outside the shop reaches it
      // with the read model's next poll (GOODS_CACHE_MS, 2 s) and the poll itself.
      await expect
        .poll(async () => (await c.get('/api/cart/list')).body.data.data[0]?.price_changed, {
          timeout: 5_000,
        })
        .toBe(true);
      const now = (await c.get('/api/cart/list')).body.data.data[0];
      expect(now.price).toBe('12.50');
      const placed = await c.post('/api/order', {
        key: submissionKey(),
        ids: [line.id],
        expected_amount: '35.00',
      });
      expect(placed.status).toBe(201);
      const info = (await c.get(`/api/order/${placed.body.data.order_ids[0]}`)).body.data;
      expect(info.lines[0].price).toBe('12.50');
      expect(info.goods_amount).toBe('25.00');
    } else {
      // PGlite: prices cannot be changed from outside; a wrong expected amount is the stale case.
      const stale = await c.post('/api/order', {
        key: submissionKey(),
        ids: [line.id],
        expected_amount: '0.01',
      });
      expect(stale.status).toBe(409);
      await c.post('/api/cart/batch_delete', { ids: [line.id] });
    }
  });

  it('credit terms: refused beyond the limit and while a bill is overdue', async () => {
    if (onPostgres) {
      const fx = await fixture(10, 1);
      const c = fx.clients[0]!;
      const companyId = fx.companyIds[0]!;
      await pool!.query('INSERT INTO wallets (company_id, credit_limit) VALUES ($1, 1500)', [
        companyId,
      ]);
      await c.post('/api/cart', { params: [{ goods_id: fx.goodsId, number: 2 }] });
      const line = (await c.get('/api/cart/list')).body.data.data[0];
      const id = (await c.post('/api/order', { key: submissionKey(), ids: [line.id] })).body.data
        .order_ids[0];
      const over = (await c.post('/api/pay/user_credit_check', { order_id: id })).body.data;
      expect(over.usable).toBe(false);
      expect(over.reason).toBe('账期额度不足');
      expect((await c.post('/api/pay/user_credit_pay', { order_id: id })).status).toBe(409);
      await pool!.query('UPDATE wallets SET credit_limit = 100000 WHERE company_id = $1', [
        companyId,
      ]);
      await pool!.query(
        `INSERT INTO credit_bills (company_id, period, amount, repaid, due_on) VALUES ($1, '2026-01', 500, 0, '2026-02-28')`,
        [companyId],
      );
      const overdue = (await c.post('/api/pay/user_credit_check', { order_id: id })).body.data;
      expect(overdue.reason).toBe('账期已逾期，请先还款');
      expect(overdue.overdue_amount).toBe('5.00');
      const refused = await c.post('/api/pay/user_credit_pay', { order_id: id });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('账期已逾期，请先还款');
      expect((await c.get(`/api/order/${id}`)).body.data.status).toBe('unpaid');
      const used = await pool!.query('SELECT credit_used FROM wallets WHERE company_id = $1', [
        companyId,
      ]);
      expect(used.rows[0].credit_used).toBe(0);
    } else {
      // PGlite: limits cannot be set from outside; a member without credit terms is refused.
      const c = await login('clinic');
      const check = (await c.post('/api/pay/user_credit_check', {})).body.data;
      expect(check).toMatchObject({ usable: false, reason: '未开通账期', limit: '0.00' });
    }
  });
});

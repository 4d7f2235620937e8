import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { startServer, type RunningServer } from '../support/server.ts';

// 全场折扣: the merchandiser's welfare rate prices carts, checkout and /welfare. A server of its
// own, since every other file's carts are priced at the default 94 %.

const fen = (yuan: string) => Math.round(Number(yuan) * 100);
let own: RunningServer;
let merch: Client;
let buyer: Client;

beforeAll(async () => {
  own = await startServer({ SEED_GOODS: '60' });
  merch = new Client(own.url);
  expect(
    (await merch.post('/api/admin/login', { login: 'merchandiser', password: 'yaopi2026' })).status,
  ).toBe(200);
  buyer = new Client(own.url);
  expect((await buyer.post('/api/login', { username: 'demo', password: 'yaopi2026' })).status).toBe(
    200,
  );
}, 180_000);
afterAll(async () => {
  await own?.stop();
});

/** A welfare line of the first goods of the zone the demo buyer can buy. */
async function welfareLine() {
  for (let id = 1; id <= 60; id++) {
    const res = await buyer.post('/api/cart', {
      params: [{ goods_id: id, number: 1, is_welfare: 1 }],
    });
    if (res.status !== 200) continue;
    const list = (await buyer.get('/api/cart/list')).body.data;
    const line = list.data.find((l: any) => l.goods.id === id && l.is_welfare === 1);
    if (line && fen(line.amount) >= 100) return line;
    if (line) await buyer.post('/api/cart/batch_delete', { ids: [line.id] });
  }
  throw new Error('no welfare goods');
}

describe('welfare rate (全场折扣)', () => {
  it('is 94 % until set; a new rate prices the cart, checkout and the zone at once, audited', async () => {
    expect((await merch.get('/api/admin/promotions/welfare')).body.data).toEqual({ percent: 94 });
    const line = await welfareLine();
    const amount = fen(line.amount);
    const discountAt = async () =>
      fen(
        (await buyer.post('/api/cart/checkout', { ids: [line.id] })).body.data.totals
          .discount_amount,
      );
    expect(await discountAt()).toBe(amount - Math.floor((amount * 94) / 100));
    const zone = async () => (await buyer.request<string>('GET', '/welfare')).body;
    expect(await zone()).toContain('全场9.4折');

    const saved = await merch.post('/api/admin/promotions/welfare', { percent: '85' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({ percent: 85 });
    expect(await discountAt()).toBe(amount - Math.floor((amount * 85) / 100));
    const cart = (await buyer.get('/api/cart/list')).body.data;
    expect(cart.activity_data.welfare_rate).toBe(85);
    expect(fen(cart.totals.welfare_amount)).toBe(amount - Math.floor((amount * 85) / 100));
    const page = await zone();
    expect(page).toContain('全场8.5折');
    expect(page).toContain('按 85% 结算');

    const admin = new Client(own.url);
    await admin.post('/api/admin/login', { login: 'admin', password: 'yaopi2026' });
    expect(
      (await admin.get('/api/admin/audit', { action: 'promotion.welfare_rate' })).body.data.rows[0],
    ).toMatchObject({
      staff: 'merchandiser',
      action_label: '修改全场折扣',
      before: { percent: 94 },
      after: { percent: 85 },
    });
  });

  it('refuses rates outside 50–99 and other roles', async () => {
    for (const percent of ['49', '100', '9.4', '', 'abc']) {
      const res = await merch.post('/api/admin/promotions/welfare', { percent });
      expect(res.status, percent).toBe(422);
      expect(res.body.message).toMatch(/折扣/);
    }
    expect(
      (await merch.post('/api/admin/promotions/welfare', { percent: '100' })).body.message,
    ).toBe('折扣须在50到99之间');
    const reviewer = new Client(own.url);
    await reviewer.post('/api/admin/login', { login: 'reviewer', password: 'yaopi2026' });
    expect((await reviewer.post('/api/admin/promotions/welfare', { percent: '90' })).status).toBe(
      403,
    );
    expect((await new Client(own.url).get('/api/admin/promotions/welfare')).status).toBe(401);
  });
});

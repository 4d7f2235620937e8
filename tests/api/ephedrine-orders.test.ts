// 含麻 (ephedrine) orders as the help pages describe them: the confirm step shows the separate
// order with its own fees and 应付金额 covers every order; they are paid by company bank transfer
// only; goods that can never be bought (pack over the per-order limit) say why; the slip to print
// is a page in Beijing time.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/http.ts';
import { freshBuyer } from '../support/backoffice.ts';
import { findGoods, plainGoods } from '../support/orders.ts';
import { login, submissionKey } from '../support/shop.ts';

const RULE = '含麻黄碱类药品订单仅支持对公转账付款，请选择对公转账';
const fen = (yuan: string) => Math.round(Number(yuan) * 100);

let buyer: Client;
let eph: any;
let plain: any;
beforeAll(async () => {
  buyer = await freshBuyer({ balance: 10_000_000, creditLimit: 10_000_000 });
  eph = await findGoods(
    buyer,
    100,
    800,
    (g) => g.is_ephedrine && g.is_buy && !g.must_multiple && g.number >= 5,
  );
  // Cheap enough that the normal order pays shipping too.
  plain = await findGoods(buyer, 300, 800, (g) => plainGoods(g) && Number(g.price) < 50);
});

async function cartLine(goodsId: number, number: number): Promise<number> {
  const add = await buyer.post('/api/cart', { params: [{ goods_id: goodsId, number }] });
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  const list = (await buyer.get('/api/cart/list')).body.data.data;
  return list.find((l: any) => l.goods.id === goodsId).id;
}

describe('a cart with 含麻 goods', () => {
  let orderIds: number[] = [];

  it('shows both orders with every fee before submitting, and 应付金额 covers both', async () => {
    const ids = [await cartLine(plain.id, 1), await cartLine(eph.id, 1)];
    const prep = (await buyer.post('/api/cart/checkout', { ids })).body.data;
    expect(prep.split).toBe(true);
    expect(prep.orders.map((o: any) => o.kind)).toEqual(['normal', 'ephedrine']);
    for (const o of prep.orders) expect(fen(o.totals.shipping_amount)).toBeGreaterThan(0);
    const [normal, ephedrine] = prep.orders;
    expect(normal.line_ids).toEqual([ids[0]]);
    expect(ephedrine.line_ids).toEqual([ids[1]]);
    expect(ephedrine.pay_methods).toEqual(['transfer']);
    const sum = fen(normal.totals.payable_amount) + fen(ephedrine.totals.payable_amount);
    expect(fen(prep.payable_amount)).toBe(sum);

    // The server holds the buyer to the total of both orders.
    const partial = await buyer.post('/api/order', {
      key: submissionKey(),
      ids,
      expected_amount: normal.totals.payable_amount,
    });
    expect(partial.status).toBe(409);
    const placed = await buyer.post('/api/order', {
      key: submissionKey(),
      ids,
      expected_amount: prep.payable_amount,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    orderIds = placed.body.data.order_ids;
    const orders = await Promise.all(
      orderIds.map(async (id) => (await buyer.get(`/api/order/${id}`)).body.data),
    );
    expect(orders.reduce((s: number, o: any) => s + fen(o.payable_amount), 0)).toBe(sum);
    expect(orders.map((o: any) => o.shipping_amount)).toEqual([
      normal.totals.shipping_amount,
      ephedrine.totals.shipping_amount,
    ]);
  });

  it('pays the 含麻 order by company bank transfer only', async () => {
    const [normalId, ephId] = orderIds;
    const ephOrder = (await buyer.get(`/api/order/${ephId}`)).body.data;
    expect(ephOrder.pay_methods).toEqual(['transfer']);
    for (const path of ['/api/pay/balance', '/api/pay/user_credit_create', '/api/pay/online']) {
      const refused = await buyer.post(path, { order_id: ephId });
      expect(refused.status, path).toBe(422);
      expect(refused.body.message).toBe(RULE);
    }
    const credit = (await buyer.post('/api/pay/user_credit_check', { order_id: ephId })).body.data;
    expect(credit).toMatchObject({ usable: false, reason: '含麻黄碱类药品订单仅支持对公转账付款' });
    expect((await buyer.get(`/api/order/${ephId}`)).body.data.status).toBe('unpaid');
    const transfer = await buyer.post('/api/pay/transfer', { order_id: ephId });
    expect(transfer.status).toBe(200);
    expect(transfer.body.data.amount).toBe(ephOrder.payable_amount);
    // The normal order is paid as before.
    expect((await buyer.post('/api/pay/balance', { order_id: normalId })).status).toBe(200);
  });

  it('prints its receipt slip as a page in Beijing time', async () => {
    const ephOrder = (await buyer.get(`/api/order/${orderIds[1]}`)).body.data;
    const page = await buyer.get(`/order/info/${ephOrder.id}/slip`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain('含麻黄碱类药品购进回执单');
    expect(page.body).toContain(ephOrder.no);
    // The API writes times on the shop's clock (+08:00); the slip prints that wall clock.
    const beijing = ephOrder.created_at.slice(0, 19).replace('T', ' ');
    expect(page.body).toContain(`<span data-testid="slip-time">${beijing}</span>（北京时间）`);
    const lots = ephOrder.lines.flatMap((l: any) => l.lots);
    expect(lots.length).toBeGreaterThan(0);
    for (const lot of lots) expect(page.body).toContain(lot.batch_no);
    // Not for a normal order, nor for another store.
    expect((await buyer.get(`/order/info/${orderIds[0]}/slip`)).body).not.toContain(
      'data-testid="receipt-slip"',
    );
    const other = await login('chain');
    expect((await other.get(`/order/info/${ephOrder.id}/slip`)).body).not.toContain(
      'data-testid="receipt-slip"',
    );
    expect((await other.get(`/api/order/${ephOrder.id}/slip`)).status).toBe(404);
  });
});

describe('goods whose pack exceeds the per-order limit', () => {
  it('can never be added to the cart, and say why everywhere', async () => {
    let impossible: any;
    for (let page = 1; !impossible && page <= 8; page++) {
      const cards = (await buyer.get('/api/goods/list', { per_page: 100, page })).body.data;
      impossible = cards.find(
        (g: any) =>
          g.must_multiple && g.purchase_limit > 0 && g.zbz > g.purchase_limit && !g.is_controlled,
      );
    }
    expect(impossible).toBeDefined();
    const reason = `须按中包装${impossible.zbz}${impossible.bzdw}的倍数购买，超出每单限购${impossible.purchase_limit}${impossible.bzdw}，暂无法购买`;
    expect(impossible).toMatchObject({ is_buy: false, reason });
    const detail = (await buyer.get(`/api/goods/detail/${impossible.id}`)).body.data;
    expect(detail).toMatchObject({ is_buy: false, reason });
    for (const number of [impossible.zbz, impossible.purchase_limit, 1]) {
      const add = await buyer.post('/api/cart', {
        params: [{ goods_id: impossible.id, number }],
      });
      expect(add.status).toBe(422);
      expect(add.body.message).toBe(`${impossible.name}：${reason}`);
    }
    const page = (await buyer.get(`/list/info/${impossible.id}`)).body as string;
    expect(page).toContain(reason);
    expect(page).not.toContain('加入购物车');
  });
});

import { describe, expect, it } from 'vitest';
import type { Client } from '../support/http.ts';
import { addBuyable, login, submissionKey } from '../support/shop.ts';
import { createPromotion } from '../support/promotions.ts';

// Lots the near-expiry zone (/jxqzc) sells at a discount never go out at the full price.
// Goods ids 645–669 are this file's.

const fen = (yuan: string) => Math.round(Number(yuan) * 100);
const month = (date: string) => date.slice(0, 7);

/** A goods of this file's range with two lots or more in stock, its cart line removed again. */
async function goodsWithLots(c: Client): Promise<{ g: any; lots: any[] }> {
  for (let from = 645; from < 670; ) {
    const line = await addBuyable(
      c,
      from,
      1,
      (g) => !g.is_ephedrine && !g.must_multiple,
      670 - from,
    );
    await c.post('/api/cart/batch_delete', { ids: [line.id] });
    const d = (await c.get(`/api/goods/detail/${line.goods.id}`)).body.data;
    const lots = d.lots.filter((l: any) => l.stock > 0);
    if (lots.length >= 2 && d.manjian === null) return { g: d, lots };
    from = line.goods.id + 1;
  }
  throw new Error('no goods with two lots from 645');
}

describe('near-expiry lots and full-price lines', () => {
  it('a full-price order takes the other lots first-expiry-first and is refused when only the discounted lot is left', async () => {
    const c = await login('demo');
    const { g, lots } = await goodsWithLots(c);
    // The earliest lot is the one the earliest-first rule alone would hand to a full-price line.
    const [discounted, ...regular] = lots;
    const promo = await createPromotion({
      kind: 'variant',
      goods_id: g.id,
      price_kind: 'near_expiry',
      price: Math.max(1, Math.floor(fen(g.base_price) * 0.7)),
      user_limit: '',
      lot_id: discounted.id,
    });
    expect(promo.status).toBe(201);

    // The detail and step 2 name the expiry months the full-price line receives.
    const regularMonths = regular.map((l: any) => month(l.expires_on)).sort();
    const shownRange =
      regularMonths[0] === regularMonths.at(-1)
        ? regularMonths[0]
        : `${regularMonths[0]} ~ ${regularMonths.at(-1)}`;
    const detail = (await c.get(`/api/goods/detail/${g.id}`)).body.data;
    expect(detail.expiry_range).toBe(shownRange);
    const jxq = (await c.get(`/api/goods/detail/${g.id}?is_jxq=1`)).body.data;
    expect(jxq.expiry_range).toBe(month(discounted.expires_on));

    const add = await c.post('/api/cart', { params: [{ goods_id: g.id, number: 1 }] });
    expect(add.status).toBe(200);
    const line = (await c.get('/api/cart/list')).body.data.data.find(
      (l: any) => l.goods.id === g.id && l.goods_price_id === null,
    );
    const checkout = await c.post('/api/cart/checkout', { ids: [line.id] });
    expect(checkout.status).toBe(200);
    expect(checkout.body.data.lines[0].expiry_range).toBe(month(regular[0].expires_on));

    const shown = async () => (await c.get(`/api/goods/detail/${g.id}`)).body.data;
    const before = await shown();
    const placed = await c.post('/api/order', { key: submissionKey(), ids: [line.id] });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.data.order_ids[0];
    const info = (await c.get(`/api/order/${orderId}`)).body.data;
    expect(info.lines[0].lots).toMatchObject([{ lot_id: regular[0].id, number: 1 }]);
    // The order took its unit from that lot and counted it as sold; cancelling gives both back.
    const ordered = await shown();
    expect(ordered.sales).toBe(before.sales + 1);
    expect(ordered.number).toBe(before.number - 1);
    expect(ordered.lots.find((l: any) => l.id === regular[0].id).stock).toBe(regular[0].stock - 1);
    await c.post(`/api/order/${orderId}/cancel`);
    const cancelled = await shown();
    expect(cancelled.sales).toBe(before.sales);
    expect(cancelled.number).toBe(before.number);

    // More than the other lots hold: refused, pointing to the near-expiry offer.
    const regularStock = regular.reduce((n: number, l: any) => n + l.stock, 0);
    const big = await c.post('/api/cart', {
      params: [{ goods_id: g.id, number: regularStock + 1 }],
    });
    expect(big.status).toBe(200);
    const bigLine = (await c.get('/api/cart/list')).body.data.data.find(
      (l: any) => l.goods.id === g.id && l.goods_price_id === null,
    );
    expect(bigLine.number).toBe(regularStock + 1);
    expect(bigLine.reason).toBe(`库存仅剩${regularStock}${g.bzdw}（其余为近效期特价批次）`);
    const refused = await c.post('/api/order', { key: submissionKey(), ids: [bigLine.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`常规效期库存仅剩${regularStock}`);
    expect(refused.body.message).toContain('近效期专场');
    const after = (await c.get(`/api/goods/detail/${g.id}`)).body.data.lots;
    expect(after.find((l: any) => l.id === discounted.id).stock).toBe(discounted.stock);
    await c.post('/api/cart/batch_delete', { ids: [bigLine.id] });
  });
});

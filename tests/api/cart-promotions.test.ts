import { describe, expect, it } from 'vitest';
import { addBuyable, login, submissionKey } from '../support/shop.ts';
import { registerMember } from '../support/members.ts';
import type { Client } from '../support/http.ts';
import { createPromotion } from '../support/promotions.ts';

// Promotions in the cart and the order. Goods ids 700–799 (the API seed has 800) are this file's; each test makes its own
// promotion through the merchandiser's desk (support/promotions.ts) so nothing depends on the seed's choices.

const fen = (yuan: string) => Math.round(Number(yuan) * 100);
const yuan = (f: number) => (f / 100).toFixed(2);

async function promo(_c: Client, form: Record<string, unknown>): Promise<number> {
  const res = await createPromotion(form);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

/** A buyable goods of this file's range that is in no seeded 满减 activity; its cart line is removed again. */
async function probe(
  c: Client,
  from: number,
  pred: (l: any) => boolean = () => true,
): Promise<any> {
  for (let id = from; id < from + 40; id++) {
    const line = await addBuyable(
      c,
      id,
      1,
      (g) => g.id === id && !g.is_ephedrine && !g.must_multiple && g.number >= 20,
      1,
    ).catch(() => null);
    if (!line) continue;
    await c.post('/api/cart/batch_delete', { ids: [line.id] });
    if (line.goods_manjian_id === null && pred(line)) return line.goods;
  }
  throw new Error(`no goods from ${from}`);
}

const cartLine = async (c: Client, pred: (l: any) => boolean) =>
  (await c.get('/api/cart/list')).body.data.data.find(pred);

describe('price variants', () => {
  it('a flash line is charged the flash price up to the per-company limit, the rest at the ladder price', async () => {
    const c = await login('demo');
    const g = await probe(c, 700);
    const flash = Math.floor(fen(g.base_price) / 2);
    const v = await promo(c, {
      kind: 'variant',
      goods_id: g.id,
      price_kind: 'flash',
      price: flash,
      user_limit: 2,
    });
    const add = await c.post('/api/cart', {
      params: [{ goods_id: g.id, number: 3, type: 1, goods_price_id: v }],
    });
    expect(add.status).toBe(200);
    const line = await cartLine(c, (l) => l.goods_price_id === v);
    expect(line.type).toBe(1);
    expect(line.variant_price).toBe(yuan(flash));
    expect(line.variant_limit).toBe(2);
    expect(line.goods.ladder_price).toEqual([]);
    expect(fen(line.amount)).toBe(2 * flash + fen(g.base_price));

    // Ordered: the limit is used up and the same line now costs the normal price.
    const placed = await c.post('/api/order', { key: submissionKey(), ids: [line.id] });
    expect(placed.status).toBe(201);
    const info = (await c.get(`/api/order/${placed.body.data.order_ids[0]}`)).body.data;
    expect(info.lines[0].goods_price_id).toBe(v);
    expect(fen(info.goods_amount)).toBe(2 * flash + fen(g.base_price));
    await c.post('/api/cart', {
      params: [{ goods_id: g.id, number: 1, type: 1, goods_price_id: v }],
    });
    const again = await cartLine(c, (l) => l.goods_price_id === v);
    expect(again.variant_limit).toBe(0);
    expect(again.amount).toBe(g.base_price);
    expect(again.price_changed).toBeUndefined();
    await c.post('/api/cart/batch_delete', { ids: [again.id] });
    await c.post(`/api/order/${placed.body.data.order_ids[0]}/cancel`);
  });

  it('an expired or unknown variant falls back to the normal price with the reason', async () => {
    const c = await login('demo');
    const g = await probe(c, 706);
    const over = await promo(c, {
      kind: 'variant',
      goods_id: g.id,
      price_kind: 'daily_special',
      price: 1,
      user_limit: '',
      starts_in: -7200,
      ends_in: -3600,
    });
    const add = await c.post('/api/cart', {
      params: [{ goods_id: g.id, number: 1, goods_price_id: over }],
    });
    expect(add.status).toBe(200);
    expect(add.body.data.lines[0].reason).toMatch(/已结束/);
    const line = await cartLine(c, (l) => l.goods.id === g.id);
    expect(line.goods_price_id).toBeNull();
    expect(line.variant_price).toBeNull();
    expect(line.price).toBe(g.base_price);
    const unknown = await c.post('/api/cart', {
      params: [{ goods_id: g.id, number: 1, type: 1, goods_price_id: 99_999_999 }],
    });
    expect(unknown.body.data.lines[0].reason).toMatch(/不存在/);
    await c.post('/api/cart/batch_delete', { ids: [line.id] });
  });

  it('a line whose variant ends while in the cart keeps the variant, is priced normally and says why', async () => {
    const c = await login('demo');
    const g = await probe(c, 712);
    const v = await promo(c, {
      kind: 'variant',
      goods_id: g.id,
      price_kind: 'daily_special',
      price: 1,
      user_limit: '',
      ends_in: 2,
    });
    await c.post('/api/cart', { params: [{ goods_id: g.id, number: 1, goods_price_id: v }] });
    expect((await cartLine(c, (l) => l.goods_price_id === v)).price).toBe('0.01');
    await new Promise((r) => setTimeout(r, 2500));
    const line = await cartLine(c, (l) => l.goods_price_id === v);
    expect(line.notice).toMatch(/已结束/);
    expect(line.variant_price).toBeNull();
    expect(line.price).toBe(g.base_price);
    expect(line.price_changed).toBe(true);
    await c.post('/api/cart/batch_delete', { ids: [line.id] });
  });
});

describe('near-expiry variant', () => {
  it('sells its own lot: the quantity is capped by that lot and the order reserves from it', async () => {
    const c = await login('demo');
    // A goods with two lots or more, so the earliest-first rule alone would pick another lot.
    let g: any = null;
    let lots: any[] = [];
    for (let from = 790; from < 800 && lots.length < 2; from = g.id + 1) {
      g = await probe(c, from);
      lots = (await c.get(`/api/goods/detail/${g.id}`)).body.data.lots.filter(
        (l: any) => l.stock > 0,
      );
    }
    expect(lots.length).toBeGreaterThan(1);
    const lot = lots[lots.length - 1]; // the latest expiry: never chosen by the earliest-first rule alone
    const v = await promo(c, {
      kind: 'variant',
      goods_id: g.id,
      price_kind: 'near_expiry',
      price: fen(g.base_price) - 1,
      user_limit: '',
      lot_id: lot.id,
    });
    const add = await c.post('/api/cart', {
      params: [{ goods_id: g.id, number: lot.stock + 5, goods_price_id: v }],
    });
    expect(add.body.data.lines[0]).toMatchObject({ number: lot.stock, reason: '库存不足' });
    const line = await cartLine(c, (l) => l.goods_price_id === v);
    expect(line.goods.number).toBe(lot.stock);
    const edit = await c.post(`/api/cart/${line.id}/edit`, { params: { number: 1 } });
    expect(edit.status).toBe(200);
    const placed = await c.post('/api/order', { key: submissionKey(), ids: [line.id] });
    expect(placed.status).toBe(201);
    const info = (await c.get(`/api/order/${placed.body.data.order_ids[0]}`)).body.data;
    expect(info.lines[0].lots).toMatchObject([{ lot_id: lot.id, number: 1 }]);
    expect(info.lines[0].price).toBe(yuan(fen(g.base_price) - 1));
    await c.post(`/api/order/${placed.body.data.order_ids[0]}/cancel`);
  });
});

describe('welfare (全场94折)', () => {
  it('applies 94 % to a welfare line of the zone and ignores a forged flag on a variant line', async () => {
    const c = await login('demo');
    const g = await probe(c, 718);
    await c.post('/api/cart', { params: [{ goods_id: g.id, number: 1, is_welfare: 1 }] });
    const line = await cartLine(c, (l) => l.goods.id === g.id && l.goods_price_id === null);
    expect(line.is_welfare).toBe(1);

    const h = await probe(c, 724);
    const v = await promo(c, {
      kind: 'variant',
      goods_id: h.id,
      price_kind: 'yj',
      price: fen(h.base_price) - 1,
      user_limit: '',
    });
    await c.post('/api/cart', {
      params: [{ goods_id: h.id, number: 1, goods_price_id: v, is_welfare: 1 }],
    });
    const forged = await cartLine(c, (l) => l.goods_price_id === v);
    expect(forged.is_welfare).toBe(0);

    // Only the welfare line is discounted: floor(amount × 0.94).
    const prep = await c.post('/api/cart/checkout', { ids: [line.id, forged.id] });
    expect(prep.status).toBe(200);
    const goodsAmount = fen(line.amount) + fen(forged.amount);
    const welfare = fen(line.amount) - Math.floor((fen(line.amount) * 94) / 100);
    expect(fen(prep.body.data.totals.goods_amount)).toBe(goodsAmount);
    expect(fen(prep.body.data.totals.discount_amount)).toBe(welfare);
    await c.post('/api/cart/batch_delete', { ids: [line.id, forged.id] });
  });
});

describe('combinations', () => {
  it('prices packs, caps them by the items’ stock, and the order reserves every item', async () => {
    const c = await login('demo');
    const a = await probe(c, 730);
    const b = await probe(c, a.id + 1);
    const packPrice = fen(a.base_price) * 2 + fen(b.base_price) - 100;
    const combo = await promo(c, {
      kind: 'combination',
      name: '测试组合',
      pack_price: packPrice,
      items: [
        { goods_id: a.id, number: 2 },
        { goods_id: b.id, number: 1 },
      ],
    });
    const add = await c.post('/api/cart', {
      params: [{ goods_id: combo, number: 999_999, type: 3 }],
    });
    expect(add.status).toBe(200);
    const packs = Math.min(Math.floor(a.number / 2), b.number);
    expect(add.body.data.lines[0]).toMatchObject({
      goods_id: combo,
      number: packs,
      reason: '库存不足',
    });
    let line = await cartLine(c, (l) => l.type === 3 && l.goods.id === combo);
    expect(line.goods.number).toBe(packs);
    expect(line.combination.items.map((i: any) => [i.goods.id, i.number])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
    const edit = await c.post(`/api/cart/${line.id}/edit`, { params: { number: 2 } });
    expect(edit.status).toBe(200);
    line = edit.body.data.line;
    expect(line.price).toBe(yuan(packPrice));
    expect(fen(line.amount)).toBe(2 * packPrice);

    const placed = await c.post('/api/order', { key: submissionKey(), ids: [line.id] });
    expect(placed.status).toBe(201);
    const info = (await c.get(`/api/order/${placed.body.data.order_ids[0]}`)).body.data;
    expect(fen(info.goods_amount)).toBe(2 * packPrice);
    const items = info.lines.map((l: any) => [l.goods_id, l.number, l.type]);
    expect(items).toEqual([
      [a.id, 4, 3],
      [b.id, 2, 3],
    ]);
    expect(info.lines.reduce((s: number, l: any) => s + fen(l.amount), 0)).toBe(2 * packPrice);
    for (const l of info.lines)
      expect(l.lots.reduce((s: number, x: any) => s + x.number, 0)).toBe(l.number);
    await c.post(`/api/order/${placed.body.data.order_ids[0]}/cancel`);
  });

  it('an unknown combination is refused', async () => {
    const c = await login('demo');
    const res = await c.post('/api/cart', {
      params: [{ goods_id: 99_999_999, number: 1, type: 3 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/组合/);
  });
});

describe('full reduction (满减)', () => {
  it('lists the activity tiers reached first, hints the next tier and charges the reduction in the order', async () => {
    const c = await login('demo');
    const g = await probe(c, 745);
    await c.post('/api/cart', { params: [{ goods_id: g.id, number: 3 }] });
    let line = await cartLine(c, (l) => l.goods.id === g.id && l.goods_price_id === null);
    const a3 = fen(line.amount);
    const act = await promo(c, {
      kind: 'manjian',
      name: '测试满减',
      tiers: [
        { amount: a3, reduce: 100 },
        { amount: a3 + 5000, reduce: 900 },
      ],
      goods_ids: [g.id],
    });

    const state = (await c.get('/api/cart/list')).body.data;
    line = state.data.find((l: any) => l.id === line.id);
    expect(line.goods_manjian_id).toBe(act);
    const tiers = state.activity_data.manjians.filter((m: any) => m.id === act);
    expect(tiers.map((t: any) => [t.amount, t.reduce, t.status])).toEqual([
      [yuan(a3), '1.00', 1],
      [yuan(a3 + 5000), '9.00', 0],
    ]);
    const firstOpen = state.activity_data.manjians.findIndex((m: any) => m.status === 0);
    expect(state.activity_data.manjians.slice(firstOpen).every((m: any) => m.status === 0)).toBe(
      true,
    );

    const hint = (await c.post('/api/cart/next_hint')).body.data;
    const fr = hint.full_reductions.find((r: any) => r.id === act);
    expect(fr).toMatchObject({
      name: '测试满减',
      applied: { amount: yuan(a3), reduce: '1.00' },
      next: { amount: yuan(a3 + 5000), reduce: '9.00', short_amount: '50.00' },
    });
    expect(hint.free_shipping).toHaveProperty('short_amount');
    expect(hint.lines.find((l: any) => l.id === line.id)).toHaveProperty('ladder');

    // One unit fewer: below the first tier.
    const down = await c.post(`/api/cart/${line.id}/edit`, { params: { number: 2 } });
    expect(
      down.body.data.cart.activity_data.manjians
        .filter((m: any) => m.id === act)
        .every((m: any) => m.status === 0),
    ).toBe(true);
    await c.post(`/api/cart/${line.id}/edit`, { params: { number: 3 } });

    const prep = await c.post('/api/cart/checkout', { ids: [line.id] });
    expect(prep.body.data.totals.full_reduction_amount).toBe('1.00');
    const placed = await c.post('/api/order', {
      key: submissionKey(),
      ids: [line.id],
      expected_amount: prep.body.data.totals.payable_amount,
    });
    expect(placed.status).toBe(201);
    const info = (await c.get(`/api/order/${placed.body.data.order_ids[0]}`)).body.data;
    expect(info.full_reduction_amount).toBe('1.00');
    expect(fen(info.payable_amount)).toBe(a3 - 100 + fen(info.shipping_amount));
    expect(info.lines[0].goods_manjian_id).toBe(act);
    await c.post(`/api/order/${placed.body.data.order_ids[0]}/cancel`);
  });

  it('a forged goods_manjian_id for goods outside the activity is ignored', async () => {
    const c = await login('demo');
    const g = await probe(c, 760);
    const other = await probe(c, g.id + 1);
    const act = await promo(c, {
      kind: 'manjian',
      name: '测试满减二',
      tiers: [{ amount: 100, reduce: 1 }],
      goods_ids: [other.id],
    });
    await c.post('/api/cart', { params: [{ goods_id: g.id, number: 1, goods_manjian_id: act }] });
    const state = (await c.get('/api/cart/list')).body.data;
    const line = state.data.find((l: any) => l.goods.id === g.id && l.goods_price_id === null);
    expect(line.goods_manjian_id).toBeNull();
    expect(state.activity_data.manjians.some((m: any) => m.id === act)).toBe(false);
    await c.post('/api/cart/batch_delete', { ids: [line.id] });
  });
});

describe('gifts (满赠)', () => {
  it('a line that reaches the gift rule carries gift_data and the order records the gifts at price 0', async () => {
    const c = await login('demo');
    const g = await probe(c, 775);
    await promo(c, {
      kind: 'gift',
      goods_id: g.id,
      gift_name: '测试赠品',
      buy_number: 2,
      gift_number: 1,
    });
    await c.post('/api/cart', { params: [{ goods_id: g.id, number: 1 }] });
    let line = await cartLine(c, (l) => l.goods.id === g.id && l.goods_price_id === null);
    expect(line.gift_data).toBeNull();
    line = (await c.post(`/api/cart/${line.id}/edit`, { params: { number: 5 } })).body.data.line;
    expect(line.gift_data).toEqual({ total: 2, type: 1, name: '测试赠品' });
    const placed = await c.post('/api/order', { key: submissionKey(), ids: [line.id] });
    expect(placed.status).toBe(201);
    const info = (await c.get(`/api/order/${placed.body.data.order_ids[0]}`)).body.data;
    const gift = info.lines.find((l: any) => l.type === 2);
    expect(gift).toMatchObject({
      name: '赠品：测试赠品',
      number: 2,
      price: '0.00',
      amount: '0.00',
      lots: [],
    });
    expect(fen(info.goods_amount)).toBe(fen(line.amount));
    await c.post(`/api/order/${placed.body.data.order_ids[0]}/cancel`);
  });
});

describe('coupon centre (/lqzx)', () => {
  it('lists templates, claims once per member, and the coupon is then usable', async () => {
    const m = await registerMember();
    const list = await m.client.get('/api/coupon/center');
    expect(list.status).toBe(200);
    const t = list.body.data.find((x: any) => x.kind === 'coupon' && !x.claimed);
    expect(t).toBeTruthy();
    const first = await m.client.post('/api/coupon/receive', { id: t.id });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      name: t.name,
      amount: t.amount,
      threshold: t.threshold,
    });
    const second = await m.client.post('/api/coupon/receive', { id: t.id });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('您已领取过该优惠券');
    expect(
      (await m.client.get('/api/coupon/center')).body.data.find((x: any) => x.id === t.id).claimed,
    ).toBe(true);
    const mine = await m.client.get('/api/user/availableCoupon', { type: 1 });
    expect(mine.body.data.filter((x: any) => x.id === first.body.data.coupon_id)).toHaveLength(1);
  });

  it('refuses visitors, unknown templates and bad ids', async () => {
    const m = await registerMember();
    expect((await m.client.post('/api/coupon/receive', { id: 99_999_999 })).status).toBe(404);
    expect((await m.client.post('/api/coupon/receive', { id: 'x' })).status).toBe(422);
    const visitor = new (m.client.constructor as new () => Client)();
    expect((await visitor.post('/api/coupon/receive', { id: 1 })).status).toBe(401);
  });
});

// Prices are for approved members only (src/lib/priceVisibility.ts): a member whose licences are
// not reviewed yet meets every price-bearing call and page as a visitor does, with what to do.
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { login } from '../support/shop.ts';

const MONEY = /^\d+\.\d{2}$/;
const UNAPPROVED = { price_text: '审核通过后可见价格', price_url: '/zzzj' };
const PRICE_ON_PAGE = /data-testid="price"|¥\d+\.\d{2}/;

let demo: Client;
let clinic: Client;
beforeAll(async () => {
  [demo, clinic] = await Promise.all([login('demo'), login('clinic')]);
});

/** Every goods card in an answer hides its prices the unapproved way. */
function expectHidden(cards: any[]) {
  expect(cards.length).toBeGreaterThan(0);
  for (const g of cards) {
    expect(g).toMatchObject({ base_price: null, price: null, ...UNAPPROVED });
    expect(g.ladder_price.every((l: { price: unknown }) => l.price === null)).toBe(true);
  }
}

describe('an unapproved member', () => {
  it('gets no prices from the catalogue and promotion calls', async () => {
    expectHidden((await clinic.get('/api/goods/list', { per_page: 20 })).body.data);
    expectHidden((await clinic.get('/api/goods/hot')).body.data);
    expectHidden((await clinic.get('/api/index/spike')).body.data.goods);
    expectHidden((await clinic.get('/api/activity/everyday_price')).body.data.goods);
    expectHidden(
      (await clinic.get('/api/goods/activities')).body.data.flatMap((a: any) => a.goods),
    );
    expectHidden((await clinic.get('/api/focus/xrtj')).body.data);
    expectHidden((await clinic.get('/api/index_wntj/1')).body.data);
    const flash = (await demo.get('/api/index/spike')).body.data.goods[0];
    expect(flash.price).toMatch(MONEY);
    const detail = await clinic.get(`/api/goods/detail/${flash.id}`, {
      goods_price_id: flash.goods_price_id,
    });
    expect(detail.status).toBe(200);
    expectHidden([detail.body.data]);
    for (const c of detail.body.data.combinations) expect(c.pack_price).toBeNull();
  });

  it('gets no prices from favourites', async () => {
    const goods = (await demo.get('/api/goods/list', { per_page: 1 })).body.data[0];
    expect((await clinic.post('/api/favorite', { goods_ids: [goods.id] })).status).toBe(201);
    expectHidden((await clinic.get('/api/favorite')).body.data);
    await clinic.post('/api/favorite/cancel', { goods_ids: [goods.id] });
  });

  it('cannot learn prices by filtering or sorting by price', async () => {
    const all = (await clinic.get('/api/goods/list', { per_page: 5 })).body;
    const cheap = (await clinic.get('/api/goods/list', { per_page: 5, price_max: '0.01' })).body;
    expect(cheap.total).toBe(all.total);
    const byPrice = (await clinic.get('/api/goods/list', { per_page: 5, sort: 'price' })).body;
    expect(byPrice.data.map((g: any) => g.id)).toEqual(all.data.map((g: any) => g.id));
    // Approved members still filter by price.
    const demoCheap = (await demo.get('/api/goods/list', { per_page: 5, price_max: '1' })).body;
    expect(demoCheap.total).toBeLessThan(all.total);
  });

  it('is refused the priced cart calls with what to do', async () => {
    for (const res of [
      await clinic.get('/api/cart/list'),
      await clinic.post('/api/cart/next_hint'),
      await clinic.post('/api/cart/checkout', { ids: [1] }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('审核通过后可见价格，请先上传资质证照');
    }
    expect((await clinic.get('/api/cart/total')).status).toBe(200);
    expect((await demo.get('/api/cart/list')).status).toBe(200);
  });

  it('sees no price on any catalogue page, even one an approved member rendered first', async () => {
    const goods = (await demo.get('/api/goods/list', { per_page: 1, sort: 'sales' })).body.data[0];
    // Rendered for the approved segment first, so a wrongly keyed shared page would be served.
    const stamp = Date.now() % 97;
    for (const url of [
      `/list?per_page=${stamp + 1}`,
      `/search?keywords=${encodeURIComponent(goods.name)}&per_page=${stamp + 2}`,
      `/list/table?per_page=${stamp + 3}`,
      `/list/info/${goods.id}`,
      '/zyyp',
      '/',
      '/zhzq',
      '/mrtj',
      '/jxqzc',
      '/welfare',
    ]) {
      const approved = (await demo.get(url)).body as string;
      expect(approved, url).toMatch(PRICE_ON_PAGE);
      const page = (await clinic.get(url)).body as string;
      expect(page, url).not.toMatch(PRICE_ON_PAGE);
      expect(page, url).toContain('审核通过后可见价格');
      expect(page, url).toContain('href="/zzzj"');
      expect(page, url).not.toContain('登录后可见价格');
    }
  });

  it('gets what to do instead of a cart page', async () => {
    for (const url of ['/cart', '/cart/step2?ids=1']) {
      const page = (await clinic.get(url)).body as string;
      expect(page).toContain('data-testid="prices-locked"');
      expect(page).toContain('上传资质证照');
    }
  });
});

describe('a visitor', () => {
  it('is still told to log in, with a link', async () => {
    const page = (await new Client().get('/list?per_page=13')).body as string;
    expect(page).not.toMatch(PRICE_ON_PAGE);
    expect(page).toMatch(/<a href="\/login"[^>]*data-testid="price-hidden"[^>]*>登录后可见价格</);
  });
});

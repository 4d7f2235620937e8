import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

const login = async (username: string) => {
  const c = new Client();
  const res = await c.post('/api/login', { username, password: 'yaopi2026' });
  expect(res.status).toBe(200);
  return c;
};
const MONEY = /^\d+\.\d{2}$/;
const daysFromNow = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);

let visitor: Client;
let demo: Client;
let clinic: Client;
let chain: Client;
beforeAll(async () => {
  visitor = new Client();
  [demo, clinic, chain] = await Promise.all([login('demo'), login('clinic'), login('chain')]);
});

describe('GET /api/goods/list', () => {
  it('hides prices from visitors and tells them to log in', async () => {
    const res = await visitor.get('/api/goods/list', { per_page: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ current_page: 1, per_page: 5 });
    expect(res.body.total).toBeGreaterThan(5);
    expect(res.body.last_page).toBe(Math.ceil(res.body.total / 5));
    for (const g of res.body.data) {
      expect(g.base_price).toBeNull();
      expect(g.price).toBeNull();
      expect(g.price_text).toBe('登录后可见价格');
      expect(g.is_buy).toBe(false);
      expect(g.reason).toBe('请先登录');
      expect(g.ladder_price.every((l: { price: unknown }) => l.price === null)).toBe(true);
    }
  });

  it('shows members their prices as money strings', async () => {
    const res = await demo.get('/api/goods/list', {
      per_page: 10,
      in_stock: 1,
      drug_class: 'otc_a',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const g of res.body.data) {
      expect(g.base_price).toMatch(MONEY);
      expect(g.price_text).toBeNull();
      expect(g.drug_class).toBe('otc_a');
      if (!g.is_controlled) expect(g).toMatchObject({ is_buy: true, reason: null });
    }
  });

  it('blocks goods outside the business scope and unapproved members', async () => {
    const outside = await demo.get('/api/goods/list', { drug_class: 'device_3', per_page: 5 });
    expect(outside.body.data.length).toBeGreaterThan(0);
    for (const g of outside.body.data)
      expect(g).toMatchObject({ is_buy: false, reason: '超出经营范围' });
    const unapproved = await clinic.get('/api/goods/list', { per_page: 5 });
    for (const g of unapproved.body.data) {
      expect(g).toMatchObject({ base_price: null, price: null, price_text: '审核通过后可见价格' });
      expect(g).toMatchObject({ is_buy: false, reason: '资质审核中，审核通过后可购买' });
    }
  });

  it('filters by line, stock, near expiry, price range and tag, and sorts by price', async () => {
    const qx = await demo.get('/api/goods/list', { qx: 2, per_page: 50 });
    expect(qx.body.data.length).toBeGreaterThan(0);
    expect(qx.body.data.every((g: { line: string }) => g.line === 'qx')).toBe(true);
    const zy = await demo.get('/api/goods/list', { zy: 2, in_stock: 1, per_page: 50 });
    expect(
      zy.body.data.every((g: { line: string; number: number }) => g.line === 'zy' && g.number > 0),
    ).toBe(true);
    const near = await demo.get('/api/goods/list', { near_expiry: 1, per_page: 50 });
    expect(near.body.total).toBeGreaterThan(0);
    expect(near.body.total).toBeLessThan((await demo.get('/api/goods/list')).body.total);
    const range = await demo.get('/api/goods/list', {
      price_min: '10',
      price_max: '20.5',
      sort: 'price',
      per_page: 100,
    });
    const prices = range.body.data.map((g: { base_price: string }) => Number(g.base_price));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p: number) => p >= 10 && p <= 20.5)).toBe(true);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const tagged = await demo.get('/api/goods/list', { tag: '新', per_page: 20 });
    expect(tagged.body.data.every((g: { tags: string[] }) => g.tags.includes('新'))).toBe(true);
    const sales = await demo.get('/api/goods/list', { sort: 'sales', per_page: 20 });
    const s = sales.body.data.map((g: { sales: number }) => g.sales);
    expect([...s].sort((a, b) => b - a)).toEqual(s);
  });

  it('filters by category id or name (with its children) and by manufacturer', async () => {
    const common = await visitor.get('/api/focus/common');
    const top = common.body.data.category[0];
    const byName = await visitor.get('/api/goods/list', { select: top.name, per_page: 100 });
    const childIds = new Set([top.id, ...top.children.map((c: { id: number }) => c.id)]);
    expect(byName.body.total).toBeGreaterThan(0);
    expect(
      byName.body.data.every((g: { category_id: number }) => childIds.has(g.category_id)),
    ).toBe(true);
    const byId = await visitor.get('/api/goods/list', { select: String(top.id) });
    expect(byId.body.total).toBe(byName.body.total);
    const first = byName.body.data[0];
    const mfr = await visitor.get('/api/goods/list', { manufacturer: first.manufacturer_id });
    expect(mfr.body.data.every((g: { sccj: string }) => g.sccj === first.sccj)).toBe(true);
  });

  it('searches by pinyin initials and keeps the ranking', async () => {
    const res = await demo.get('/api/goods/list', { keywords: 'amxl', per_page: 50 });
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.data.every((g: { name: string }) => g.name.includes('阿莫西林'))).toBe(true);
    const none = await demo.get('/api/goods/list', { keywords: 'qqqqzzzz' });
    expect(none.body).toMatchObject({ data: [], total: 0 });
  });

  it('answers 422 for bad paging and filters', async () => {
    for (const query of [
      { page: 0 },
      { page: 'x' },
      { per_page: 1000 },
      { sort: 'random' },
      { price_min: 'abc' },
      { price_min: '1.234' },
      { price_min: '30', price_max: '10' },
      { manufacturer: -1 },
      { drug_class: 'poison' },
      { tag: '坏' },
      { type: 3 },
      { in_stock: 'yes' },
    ]) {
      const res = await visitor.get('/api/goods/list', query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(typeof res.body.message).toBe('string');
      expect(Object.keys(res.body.errors).length).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/goods/search', () => {
  it('suggests at most 10 goods for initials, Chinese and manufacturer mode', async () => {
    const amxl = await visitor.get('/api/goods/search', { keywords: 'amxl', type: 1 });
    expect(amxl.status).toBe(200);
    expect(amxl.body.data.length).toBeGreaterThan(0);
    expect(amxl.body.data.length).toBeLessThanOrEqual(10);
    for (const s of amxl.body.data) {
      expect(Object.keys(s)).toEqual(expect.arrayContaining(['id', 'name', 'sccj', 'ypgg']));
      expect(s.name).toContain('阿莫西林');
    }
    const one = await visitor.get('/api/goods/search', { keywords: 'a' });
    expect(one.body.data).toHaveLength(10);
    const chinese = await visitor.get('/api/goods/search', { keywords: '阿莫' });
    expect(chinese.body.data[0].name).toMatch(/^阿莫/);
    const sccj = amxl.body.data[0].sccj as string;
    const byMfr = await visitor.get('/api/goods/search', { keywords: sccj.slice(0, 4), type: 2 });
    expect(byMfr.body.data.length).toBeGreaterThan(0);
    expect(byMfr.body.data.every((s: { sccj: string }) => s.sccj.includes(sccj.slice(0, 4)))).toBe(
      true,
    );
  });

  it('finds a goods by its approval number', async () => {
    const list = await visitor.get('/api/goods/list', { drug_class: 'rx', per_page: 1 });
    const g = list.body.data[0];
    const res = await visitor.get('/api/goods/search', { keywords: g.approval_no });
    expect(res.body.data.map((s: { id: number }) => s.id)).toContain(g.id);
  });

  it('gives an empty list for an empty keyword and 422 for bad input', async () => {
    expect((await visitor.get('/api/goods/search', { keywords: '' })).body).toEqual({ data: [] });
    expect((await visitor.get('/api/goods/search', { keywords: 'a', type: 9 })).status).toBe(422);
    expect((await visitor.get('/api/goods/search', { keywords: 'a'.repeat(51) })).status).toBe(422);
  });
});

describe('GET /api/goods/detail/{id}', () => {
  it('returns the detail with lots, category and ladder; 404 and 422 for bad ids', async () => {
    const list = await demo.get('/api/goods/list', { in_stock: 1, per_page: 1 });
    const id = list.body.data[0].id;
    const res = await demo.get(`/api/goods/detail/${id}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ id, is_favorite: false });
    expect(d.lots.length).toBeGreaterThan(0);
    expect(d.category.name).toBeTruthy();
    expect(d.base_price).toMatch(MONEY);
    expect((await demo.get('/api/goods/detail/99999999')).status).toBe(404);
    expect((await demo.get('/api/goods/detail/abc')).status).toBe(422);
    expect((await demo.get(`/api/goods/detail/${id}`, { goods_price_id: 'x' })).status).toBe(422);
  });

  it('honours goods_price_id (flash sale), is_jxq (near expiry) and goods_manjian_id', async () => {
    const spike = await demo.get('/api/index/spike');
    const flash = spike.body.data.goods[0];
    expect(flash.price_kind).toBe('flash');
    const d = (
      await demo.get(`/api/goods/detail/${flash.id}`, { goods_price_id: flash.goods_price_id })
    ).body.data;
    expect(d).toMatchObject({
      goods_price_id: flash.goods_price_id,
      price_kind: 'flash',
      ladder_price: [],
      user_limit: 5,
    });
    expect(Number(d.price)).toBeLessThan(Number(d.base_price));
    // without the variant the normal price shows
    const plain = (await demo.get(`/api/goods/detail/${flash.id}`)).body.data;
    expect(plain).toMatchObject({ goods_price_id: null, price: plain.base_price });

    const near = await demo.get('/api/goods/list', { near_expiry: 1, per_page: 50 });
    let found = false;
    for (const g of near.body.data) {
      const jxq = (await demo.get(`/api/goods/detail/${g.id}`, { is_jxq: 1 })).body.data;
      if (jxq.price_kind !== 'near_expiry') continue;
      found = true;
      expect(jxq.is_jxq).toBe(1);
      expect(jxq.expires_on < daysFromNow(180)).toBe(true);
      expect(Number(jxq.price)).toBeLessThan(Number(jxq.base_price));
      break;
    }
    expect(found).toBe(true);

    const acts = (await demo.get('/api/goods/activities')).body.data;
    const act = acts[0];
    const mj = (
      await demo.get(`/api/goods/detail/${act.goods[0].id}`, { goods_manjian_id: act.id })
    ).body.data;
    expect(mj.manjian).toMatchObject({ id: act.id, name: act.name });
    expect(mj.manjian.tiers[0].amount).toMatch(MONEY);
  });
});

describe('controlled sales (控销)', () => {
  it('shows members only the controlled goods their region, type or allow-list admits', async () => {
    const all = (await visitor.get('/api/focus/kxzq')).body.data as { id: number }[];
    expect(all.length).toBeGreaterThan(0);
    const reasons = async (c: Client) =>
      Promise.all(
        all.map(
          async (g) => (await c.get(`/api/goods/detail/${g.id}`)).body.data.reason as string | null,
        ),
      );
    const [forDemo, forChain] = await Promise.all([reasons(demo), reasons(chain)]);
    expect(forDemo).toContain('控销商品，暂不支持购买');
    expect(forDemo.some((r) => r !== '控销商品，暂不支持购买')).toBe(true);
    // the chain's store is on some goods' allow-list that the demo pharmacy may not buy
    expect(
      all.some(
        (_, i) =>
          forDemo[i] === '控销商品，暂不支持购买' && forChain[i] !== '控销商品，暂不支持购买',
      ),
    ).toBe(true);
    // the zone lists for the demo only what it may see
    const mine = (await demo.get('/api/focus/kxzq')).body.data as {
      id: number;
      reason: string | null;
    }[];
    expect(mine.every((g) => g.reason !== '控销商品，暂不支持购买')).toBe(true);
  });
});

describe('home and zone calls', () => {
  it('answer lists from the database', async () => {
    for (const path of [
      '/api/goods/hot',
      '/api/focus/xrtj',
      '/api/focus/zyzq',
      '/api/focus/yx',
      '/api/focus/ppzq',
      '/api/focus/new_kxzq',
      '/api/focus/top',
      '/api/focus/right',
      '/api/focus/login',
      '/api/focus',
      '/api/focus/postList',
      '/api/focus/demo',
      '/api/focus/kxzq_ad',
      '/api/ab/getList',
    ]) {
      const res = await demo.get(path);
      expect(res.status, path).toBe(200);
      expect(Array.isArray(res.body.data), path).toBe(true);
      expect(res.body.data.length, path).toBeGreaterThan(0);
    }
    const zy = (await demo.get('/api/focus/zyzq')).body.data;
    expect(zy.every((g: { line: string }) => g.line === 'zy')).toBe(true);
  });

  it('daily specials carry the end of the shop day; spike the server time', async () => {
    const res = (await demo.get('/api/activity/everyday_price')).body.data;
    expect(res.goods.length).toBeGreaterThan(0);
    expect(res.goods[0].price_kind).toBe('daily_special');
    const left = Date.parse(res.ends_at) - Date.parse(res.timestamp);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(86400_000);
    expect(new Date(Date.parse(res.ends_at) + 8 * 3600_000).toISOString().slice(11)).toBe(
      '00:00:00.000Z',
    );
  });

  it('pages the recommendation list and 404s unknown lists', async () => {
    const res = await demo.get('/api/index_wntj/1', { page: 2, per_page: 5 });
    expect(res.body).toMatchObject({ current_page: 2, per_page: 5 });
    expect(res.body.data).toHaveLength(5);
    expect((await demo.get('/api/index_wntj/2')).status).toBe(404);
    expect((await demo.get('/api/index_wntj/1', { page: -1 })).status).toBe(422);
  });

  it('answers brand pages, A/B groups and ad ids with 404/422 for bad input', async () => {
    const brands = (await visitor.get('/api/focus/ppzq')).body.data;
    const withGoods = brands.find((b: { goods_count: number }) => b.goods_count > 0);
    const brand = await visitor.get(`/api/focus/brand/${withGoods.id}`);
    expect(brand.body.data.brand.id).toBe(withGoods.id);
    expect(brand.body.total).toBe(withGoods.goods_count);
    expect(
      brand.body.data.goods.every((g: { brand_id: number }) => g.brand_id === withGoods.id),
    ).toBe(true);
    expect((await visitor.get('/api/focus/brand/999999')).status).toBe(404);
    expect((await visitor.get('/api/focus/brand/x')).status).toBe(422);

    const groups = (await visitor.get('/api/ab/getList')).body.data;
    const group = await visitor.get('/api/ab/AbGroupGoodsList', { id: groups[0].id });
    expect(group.body.data.goods.length).toBeGreaterThan(0);
    expect((await visitor.get('/api/ab/AbGroupGoodsList')).status).toBe(422);
    expect((await visitor.get('/api/ab/AbGroupGoodsList', { id: 999999 })).status).toBe(404);

    const ads = (await visitor.get('/api/focus/kxzq_ad')).body.data;
    const one = await visitor.get('/api/focus/kxzq_ad', { ids: String(ads[0].id) });
    expect(one.body.data.map((a: { id: number }) => a.id)).toEqual([ads[0].id]);
    expect((await visitor.get('/api/focus/kxzq_ad', { ids: 'abc' })).status).toBe(422);
  });
});

describe('favourites', () => {
  it('needs a login', async () => {
    expect((await visitor.get('/api/favorite')).status).toBe(401);
    expect((await visitor.post('/api/favorite', { goods_ids: [1] })).status).toBe(401);
    expect((await visitor.post('/api/favorite/cancel', { goods_ids: [1] })).status).toBe(401);
  });

  it('adds, lists, cancels; unknown goods 404, missing ids 422', async () => {
    // the chain account's store: no other test file touches its favourites
    const list = await chain.get('/api/goods/list', { per_page: 3, page: 7 });
    const ids = list.body.data.map((g: { id: number }) => g.id) as number[];
    const added = await chain.post('/api/favorite', { goods_ids: ids });
    expect(added.status).toBe(201);
    expect((await chain.post('/api/favorite', { goods_ids: [ids[0]] })).status).toBe(201); // again: no duplicate
    const page = await chain.get('/api/favorite', { per_page: 50 });
    expect(page.status).toBe(200);
    const favIds = page.body.data.map((g: { id: number }) => g.id);
    expect(favIds.filter((id: number) => ids.includes(id)).sort()).toEqual([...ids].sort());
    expect(page.body.total).toBe(favIds.length);
    expect((await chain.get(`/api/goods/detail/${ids[0]}`)).body.data.is_favorite).toBe(true);
    expect((await demo.get(`/api/goods/detail/${ids[0]}`)).body.data.is_favorite).toBe(false);

    expect((await chain.post('/api/favorite', { goods_ids: [99999999] })).status).toBe(404);
    expect((await chain.post('/api/favorite', {})).status).toBe(422);
    expect((await chain.post('/api/favorite', { goods_ids: ['x'] })).status).toBe(422);
    expect((await chain.get('/api/favorite', { page: 0 })).status).toBe(422);

    const cancelled = await chain.post('/api/favorite/cancel', { goods_ids: ids });
    expect(cancelled.body.data.count).toBe(3);
    const after = await chain.get('/api/favorite', { per_page: 50 });
    expect(after.body.data.some((g: { id: number }) => ids.includes(g.id))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { registerMember } from '../support/members.ts';
import { demoStaff } from '../support/staff.ts';

// The promotions desk (merchandiser) and the content desk's settings (editor). Goods ids 560–569
// are this file's; flash sales it makes lie months ahead, so no cart of another file meets them.

const DAY = 86_400_000;
// One clock for the whole file: windows that touch must touch exactly.
const NOW = Date.now();
const at = (days: number) => new Date(NOW + days * DAY).toISOString();
const P = '/api/admin/promotions';

const flash = (goodsId: number, from: number, to: number, price = '0.01') => ({
  goods_id: goodsId,
  price,
  user_limit: 2,
  starts_at: at(from),
  ends_at: at(to),
});
const manjian = (tiers: [string, string][]) => ({
  name: '测试满减',
  tiers: tiers.map(([amount, reduce]) => ({ amount, reduce })),
  goods_ids: '561,562',
  starts_at: at(200),
  ends_at: at(201),
});
const coupon = (over: Record<string, unknown> = {}) => ({
  name: `测试券${Date.now().toString(36)}`,
  amount: '5',
  threshold: '100',
  valid_days: 7,
  per_store_limit: 2,
  quantity: 100,
  starts_at: at(-1),
  ends_at: at(1),
  ...over,
});

describe('promotions desk: roles', () => {
  it('only the merchandiser and admin may read or write promotions; a buyer has no staff session', async () => {
    const writes: [string, Record<string, unknown>][] = [
      [`${P}/flash_sales`, flash(560, 300, 301)],
      [`${P}/daily_specials`, flash(560, 300, 301)],
      [`${P}/manjian`, manjian([['100', '10']])],
      [`${P}/coupons`, coupon()],
    ];
    for (const login of ['reviewer', 'warehouse', 'finance', 'service', 'editor']) {
      const c = await demoStaff(login);
      for (const [path, body] of writes) {
        expect((await c.post(path, body)).status, `${login} POST ${path}`).toBe(403);
        expect((await c.get(path)).status, `${login} GET ${path}`).toBe(403);
      }
      expect((await c.post(`${P}/flash_sales/1/end`)).status).toBe(403);
    }
    const buyer = await registerMember();
    expect((await buyer.client.post(`${P}/coupons`, coupon())).status).toBe(401);
    for (const login of ['merchandiser', 'admin'])
      for (const [path] of writes)
        expect((await (await demoStaff(login)).get(path)).status).toBe(200);
  });

  it('only the editor and admin may read or change the site settings', async () => {
    for (const login of ['reviewer', 'warehouse', 'finance', 'service', 'merchandiser']) {
      const c = await demoStaff(login);
      expect((await c.get('/api/admin/settings')).status).toBe(403);
      expect((await c.post('/api/admin/settings', { hot_words: 'x' })).status).toBe(403);
    }
    expect((await new Client().get('/api/admin/settings')).status).toBe(401);
    for (const login of ['editor', 'admin']) {
      const res = await (await demoStaff(login)).get('/api/admin/settings');
      expect(res.status).toBe(200);
      expect(res.body.data.operator.drug_licence).toBeTruthy();
      expect(res.body.data.nav.length).toBeGreaterThan(0);
    }
  });
});

describe('promotions desk: contradictory set-ups are refused', () => {
  it('a flash price at or above the base price, an end before the start, overlapping flash sales of one goods', async () => {
    const m = await demoStaff('merchandiser');
    const dear = await m.post(`${P}/flash_sales`, flash(563, 300, 301, '999999'));
    expect(dear.status).toBe(422);
    expect(dear.body.errors.price[0]).toBe('秒杀价须低于商品原价');
    const backwards = await m.post(`${P}/flash_sales`, flash(563, 301, 300));
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.ends_at[0]).toBe('结束时间须晚于开始时间');

    const first = await m.post(`${P}/flash_sales`, flash(563, 300, 302));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const clash = await m.post(`${P}/flash_sales`, flash(563, 301, 303));
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('已有秒杀活动');
    // Right after it ends is fine; so is a daily special in the same window.
    expect((await m.post(`${P}/flash_sales`, flash(563, 302, 303))).status).toBe(201);
    expect((await m.post(`${P}/daily_specials`, flash(563, 300, 302))).status).toBe(201);
    // Editing a sale does not clash with itself, but may not be moved onto another one.
    const id = first.body.data.id;
    expect((await m.post(`${P}/flash_sales/${id}`, flash(563, 299, 302, '0.02'))).status).toBe(200);
    expect((await m.post(`${P}/flash_sales/${id}`, flash(563, 299, 302.5))).status).toBe(409);

    const listed = await m.get(`${P}/flash_sales`, { goods_id: 563 });
    expect(listed.body.data.length).toBeGreaterThan(0);
    expect(listed.body.data.every((r: any) => r.goods.id === 563)).toBe(true);
    const row = listed.body.data.find((r: any) => r.id === id);
    expect(row).toMatchObject({ price: '0.02', user_limit: 2, state: 'scheduled' });
    expect((await m.post(`${P}/flash_sales/${id}/end`)).status).toBe(200);
    const ended = (await m.get(`${P}/flash_sales`, { goods_id: 563 })).body.data.find(
      (r: any) => r.id === id,
    );
    expect(ended.state).toBe('ended');
    expect((await m.post(`${P}/flash_sales/999999999/end`)).status).toBe(404);
  });

  it('满减 tiers must climb and save less than they ask', async () => {
    const m = await demoStaff('merchandiser');
    const flat = await m.post(
      `${P}/manjian`,
      manjian([
        ['200', '20'],
        ['100', '30'],
      ]),
    );
    expect(flat.status).toBe(422);
    expect(flat.body.errors['tiers.1.amount'][0]).toBe('第2档的满额和减免都须高于上一档');
    const free = await m.post(`${P}/manjian`, manjian([['100', '100']]));
    expect(free.status).toBe(422);
    expect(free.body.errors['tiers.0.reduce'][0]).toBe('第1档的减免金额须小于满额');
    const none = await m.post(`${P}/manjian`, { ...manjian([['100', '10']]), goods_ids: '' });
    expect(none.status).toBe(422);
    const ghost = await m.post(`${P}/manjian`, {
      ...manjian([['100', '10']]),
      goods_ids: '999999',
    });
    expect(ghost.status).toBe(422);
    const made = await m.post(
      `${P}/manjian`,
      manjian([
        ['100', '10'],
        ['300', '40'],
      ]),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const row = (await m.get(`${P}/manjian`)).body.data.find(
      (a: any) => a.id === made.body.data.id,
    );
    expect(row.tiers).toEqual([
      { amount: '100.00', reduce: '10.00' },
      { amount: '300.00', reduce: '40.00' },
    ]);
    expect(row.goods_ids.sort()).toEqual([561, 562]);
  });

  it('a coupon worth its threshold or more, a cash voucher with a threshold, a limit above the quantity', async () => {
    const m = await demoStaff('merchandiser');
    const worth = await m.post(`${P}/coupons`, coupon({ amount: '100', threshold: '100' }));
    expect(worth.status).toBe(422);
    expect(worth.body.errors.amount[0]).toBe('优惠券面额须小于使用门槛');
    const cash = await m.post(`${P}/coupons`, coupon({ kind: 'cash', threshold: '10' }));
    expect(cash.status).toBe(422);
    const limit = await m.post(`${P}/coupons`, coupon({ quantity: 1, per_store_limit: 2 }));
    expect(limit.status).toBe(422);
    const backwards = await m.post(`${P}/coupons`, coupon({ starts_at: at(1), ends_at: at(-1) }));
    expect(backwards.status).toBe(422);
    for (const bad of [
      { amount: '-1' },
      { amount: 'abc' },
      { valid_days: 0 },
      { starts_at: 'soon' },
    ])
      expect((await m.post(`${P}/coupons`, coupon(bad))).status, JSON.stringify(bad)).toBe(422);
  });
});

describe('满赠, 组合购, 近效期 and 一价到底 on the desk', () => {
  it('refuse contradictions, and an ended gift rule or pack no longer reaches the cart', async () => {
    const m = await demoStaff('merchandiser');
    const giftName = `测试赠品${Date.now().toString(36)}`;
    const gift = {
      goods_id: 564,
      gift_name: giftName,
      buy_number: 2,
      gift_number: 3,
      max_total: 2,
      starts_at: at(-1),
    };
    const capped = await m.post(`${P}/gifts`, gift);
    expect(capped.status).toBe(422);
    expect(capped.body.errors.max_total[0]).toBe('赠品上限不能少于每次赠送数量');
    const backwards = await m.post(`${P}/gifts`, { ...gift, max_total: '', ends_at: at(-2) });
    expect(backwards.status).toBe(422);
    const made = await m.post(`${P}/gifts`, { ...gift, max_total: '' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    let row = (await m.get(`${P}/gifts`)).body.data.find((r: any) => r.id === made.body.data.id);
    expect(row).toMatchObject({ gift_number: 3, ends_at: null, state: 'running' });
    const gifts = async () =>
      (await new Client().get('/api/goods/detail/564')).body.data.gifts.map((g: any) => g.name);
    expect(await gifts()).toContain(giftName);
    expect((await m.post(`${P}/gifts/${made.body.data.id}/end`)).status).toBe(200);
    row = (await m.get(`${P}/gifts`)).body.data.find((r: any) => r.id === made.body.data.id);
    expect(row.state).toBe('ended');
    expect(await gifts()).not.toContain(giftName);

    const pack = {
      name: '测试组合',
      pack_price: '0.01',
      items: [
        { goods_id: 565, number: 1 },
        { goods_id: 566, number: 2 },
      ],
      starts_at: at(-1),
    };
    const single = await m.post(`${P}/combinations`, { ...pack, items: [pack.items[0]] });
    expect(single.status).toBe(422);
    expect(single.body.message).toBe('组合至少包含两种商品');
    const twice = await m.post(`${P}/combinations`, {
      ...pack,
      items: [pack.items[0], pack.items[0]],
    });
    expect(twice.status).toBe(422);
    const dear = await m.post(`${P}/combinations`, { ...pack, pack_price: '999999' });
    expect(dear.status).toBe(422);
    expect(dear.body.errors.pack_price[0]).toBe('组合价须低于各商品原价之和');
    const name = `测试组合${Date.now().toString(36)}`;
    const combo = await m.post(`${P}/combinations`, { ...pack, name });
    expect(combo.status, JSON.stringify(combo.body)).toBe(201);
    expect(String((await new Client().get('/zhzq')).body)).toContain(name);
    expect((await m.post(`${P}/combinations/${combo.body.data.id}/end`)).status).toBe(200);
    expect(String((await new Client().get('/zhzq')).body)).not.toContain(name);

    const lotless = await m.post(`${P}/near_expiry`, flash(567, 300, 301));
    expect(lotless.status).toBe(422);
    expect(lotless.body.errors.lot_id[0]).toBe('请填写近效期批号编号');
    const foreignLot = await m.post(`${P}/near_expiry`, { ...flash(567, 300, 301), lot_id: 1 });
    expect(foreignLot.status).toBe(422);
    expect((await m.post(`${P}/yj`, { ...flash(567, 300, 301), lot_id: 1 })).status).toBe(422);
    expect((await m.post(`${P}/yj`, flash(567, 300, 301))).status).toBe(201);
  });
});

describe('积分商城 goods on the desk', () => {
  it('a new goods shows in the mall; taking it off leaves no stock to redeem', async () => {
    const m = await demoStaff('merchandiser');
    expect((await m.post(`${P}/points_goods`, { name: '', points: 0, stock: -1 })).status).toBe(
      422,
    );
    const name = `测试积分商品${Date.now().toString(36)}`;
    const made = await m.post(`${P}/points_goods`, { name, spec: '1个', points: 100, stock: 5 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(String((await new Client().get('/jfsc')).body)).toContain(name);
    expect((await m.post(`${P}/points_goods/${made.body.data.id}/end`)).status).toBe(200);
    const row = (await m.get(`${P}/points_goods`)).body.data.find((g: any) => g.name === name);
    expect(row.stock).toBe(0);
    expect((await (await demoStaff('editor')).post(`${P}/points_goods`, { name })).status).toBe(
      403,
    );
  });
});

describe('coupon templates reach the coupon centre', () => {
  it('a new template shows in /lqzx and a store claims it up to its per-store limit', async () => {
    const m = await demoStaff('merchandiser');
    const name = `满100减5测试${Date.now().toString(36)}`;
    const made = await m.post(`${P}/coupons`, coupon({ name }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id;

    const buyer = await registerMember();
    const centre = await buyer.client.get('/api/coupon/center');
    const t = centre.body.data.find((x: any) => x.id === id);
    expect(t).toMatchObject({ name, amount: '5.00', threshold: '100.00', claimed: false });
    const page = await buyer.client.get('/lqzx');
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain(name);

    expect((await buyer.client.post('/api/coupon/receive', { id })).status).toBe(201);
    expect((await buyer.client.post('/api/coupon/receive', { id })).status).toBe(201);
    const third = await buyer.client.post('/api/coupon/receive', { id });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('每家门店最多领取2张');
    const after = (await buyer.client.get('/api/coupon/center')).body.data.find(
      (x: any) => x.id === id,
    );
    expect(after.claimed).toBe(true);
    const listed = (await m.get(`${P}/coupons`)).body.data.find((x: any) => x.id === id);
    expect(listed.claimed).toBe(2);

    // Ending it takes it off the centre at once; claimed coupons stay in the wallet.
    expect((await m.post(`${P}/coupons/${id}/end`)).status).toBe(200);
    expect(
      (await buyer.client.get('/api/coupon/center')).body.data.some((x: any) => x.id === id),
    ).toBe(false);
    expect((await buyer.client.post('/api/coupon/receive', { id })).status).toBe(404);
  });

  it('the quantity caps claims across stores', async () => {
    const m = await demoStaff('merchandiser');
    const made = await m.post(`${P}/coupons`, coupon({ quantity: 1, per_store_limit: 1 }));
    expect(made.status).toBe(201);
    const [a, b] = [await registerMember(), await registerMember()];
    expect((await a.client.post('/api/coupon/receive', { id: made.body.data.id })).status).toBe(
      201,
    );
    const late = await b.client.post('/api/coupon/receive', { id: made.body.data.id });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('优惠券已领完');
  });
});

describe('site settings', () => {
  it('validates numbers and links, and a saved change shows in the header data at once', async () => {
    const e = await demoStaff('editor');
    const bad: Record<string, unknown>[] = [
      { common_config: { hot_line: 'call me', qq1: '800012345', qq2: '' } },
      { common_config: { hot_line: '400-800-1234', qq1: 'qq', qq2: '' } },
      {
        operator: {
          company: '',
          drug_licence: 'x',
          internet_drug_info: 'x',
          icp: 'x',
          police_filing: 'x',
          address: 'x',
        },
      },
      { nav: Array.from({ length: 10 }, (_, i) => ({ name: `n${i}`, url: '/' })) },
      { nav: [{ name: '首页', url: 'javascript:alert(1)' }] },
      { hot_words: Array.from({ length: 21 }, (_, i) => `w${i}`).join('\n') },
    ];
    for (const body of bad)
      expect((await e.post('/api/admin/settings', body)).status, JSON.stringify(body)).toBe(422);

    const before = (await e.get('/api/admin/settings')).body.data.quality_inspection;
    const msg = `质检报告请联系客服${Date.now().toString(36)}`;
    try {
      const saved = await e.post('/api/admin/settings', {
        quality_inspection: { quality_inspection_url: '', msg },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data.quality_inspection.msg).toBe(msg);
      // Only the posted part changed.
      expect(saved.body.data.operator.drug_licence).toBeTruthy();
      const common = await new Client().get('/api/focus/common');
      expect(common.body.data.quality_inspection.msg).toBe(msg);
      const audit = await (await demoStaff('admin')).get('/api/admin/audit', {
        action: 'content.settings',
      });
      expect(audit.body.data.rows[0]).toMatchObject({
        staff: 'editor',
        action_label: '修改站点设置',
        after: { quality_inspection: { msg } },
      });
    } finally {
      await e.post('/api/admin/settings', { quality_inspection: before });
    }
  });
});

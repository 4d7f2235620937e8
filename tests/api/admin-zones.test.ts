// 专区选品: the merchandiser picks, orders and removes the goods of a curated zone (here /yjh/2);
// the zone's page shows them in that order at once, off-sale and out-of-stock goods as every list
// shows them. Roles, validation and the audit trail.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions } from '../support/backoffice.ts';
import { Client } from '../support/http.ts';
import { login } from '../support/shop.ts';
import { staffLogin } from '../support/staff.ts';

let merch: Client;
let admin: Client;
let zoneId: number;
const added: number[] = [];

beforeAll(async () => {
  [merch, admin] = await Promise.all([staffLogin('merchandiser'), staffLogin('admin')]);
  const zones = (await merch.get('/api/admin/zones')).body.data;
  zoneId = zones.find((z: any) => z.url === '/yjh/2').id;
});

afterAll(async () => {
  for (const id of added) await merch.delete(`/api/admin/zones/${zoneId}/goods/${id}`);
});

/** A goods of this run: on sale with stock, or off sale, or without any lot. */
async function newGoods(kind: 'stock' | 'off' | 'empty'): Promise<number> {
  const one = (await merch.get('/api/admin/goods', { per_page: 1 })).body.data[0];
  const category = (await merch.get(`/api/admin/goods/${one.id}`)).body.data.category_id;
  const made = await merch.post('/api/admin/goods', {
    code: `Z${Date.now().toString(36)}${randomInt(0, 1e6).toString(36)}`.slice(0, 20),
    name: `专区选品测试片${randomInt(0, 1e6)}`,
    spec: '0.25g*24片',
    manufacturer: '湖北测试制药有限公司',
    approval_no: `国药准字H${String(randomInt(0, 1e8)).padStart(8, '0')}`,
    drug_class: 'otc_a',
    bzdw: '盒',
    category_id: category,
    base_price: '8.80',
    is_buy: kind === 'off' ? '0' : '1',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.data.id as number;
  if (kind !== 'empty') {
    const lot = { batch_no: 'Z1', produced_on: '2026-01-01', expires_on: '2028-12-31', stock: 80 };
    expect((await merch.post(`/api/admin/goods/${id}/lots`, lot)).status).toBe(200);
  }
  return id;
}

const add = async (id: number) => {
  const res = await merch.post(`/api/admin/zones/${zoneId}/goods`, { goods_id: id });
  if (res.status === 200) added.push(id);
  return res;
};

/** The goods cards of a zone's page, in their order: id and what the buy area says. */
async function pageCardsOf(
  buyer: Client,
  path: string,
): Promise<{ id: number; reason: string | null }[]> {
  const html: string = (await buyer.get(path)).body;
  return html
    .split('data-testid="goods-card"')
    .slice(1)
    .map((card) => ({
      id: Number(/data-goods-id="(\d+)"/.exec(card)![1]),
      reason: /data-testid="goods-reason">\s*([^<]+?)\s*</.exec(card)?.[1] ?? null,
    }));
}
const pageCards = (buyer: Client) => pageCardsOf(buyer, '/yjh/2');

describe('zone goods desk', () => {
  it('adds, moves and removes goods; the zone page follows at once, in order', async () => {
    const [inStock, offSale, empty] = await Promise.all([
      newGoods('stock'),
      newGoods('off'),
      newGoods('empty'),
    ]);
    const before = (await merch.get(`/api/admin/zones/${zoneId}`)).body.data;
    expect(before).toMatchObject({
      id: zoneId,
      kind: 'yjh',
      kind_name: '活动专区',
      state: 'running',
    });

    for (const id of [inStock, offSale, empty]) expect((await add(id)).status).toBe(200);
    const now = (await merch.get(`/api/admin/zones/${zoneId}`)).body.data;
    expect(now.goods_count).toBe(before.goods_count + 3);
    expect(now.goods.slice(-3).map((g: any) => g.id)).toEqual([inStock, offSale, empty]);
    expect(now.goods.at(-2)).toMatchObject({ is_buy: 0, base_price: '8.80', stock: 80 });

    const demo = await login('demo');
    let cards = await pageCards(demo);
    expect(cards.slice(-3).map((c) => c.id)).toEqual([inStock, offSale, empty]);
    const [a, b, c] = cards.slice(-3);
    expect(a!.reason).toBeNull();
    expect(b!.reason).toBe('商品已下架');
    expect(c!.reason).toMatch(/库存|缺货/);

    const moved = await merch.post(`/api/admin/zones/${zoneId}/goods/${empty}/move`, { to: 'up' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.goods.slice(-3).map((g: any) => g.id)).toEqual([
      inStock,
      empty,
      offSale,
    ]);
    // At the end nothing moves.
    const last = await merch.post(`/api/admin/zones/${zoneId}/goods/${offSale}/move`, {
      to: 'down',
    });
    expect(last.body.data.goods.slice(-3).map((g: any) => g.id)).toEqual([inStock, empty, offSale]);

    const removed = await merch.delete(`/api/admin/zones/${zoneId}/goods/${inStock}`);
    expect(removed.status).toBe(200);
    added.splice(added.indexOf(inStock), 1);
    cards = await pageCards(demo);
    expect(cards.map((x) => x.id)).not.toContain(inStock);
    expect(cards.slice(-2).map((x) => x.id)).toEqual([empty, offSale]);

    const audit = await auditActions(admin, 'activities', zoneId);
    expect(audit).toEqual(
      expect.arrayContaining(['zone.goods_add', 'zone.goods_move', 'zone.goods_remove']),
    );
  });

  it('refuses a goods twice, an unknown goods or zone, and a bad move, in Chinese', async () => {
    const id = await newGoods('stock');
    expect((await add(id)).status).toBe(200);
    const twice = await add(id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('该商品已在本专区');

    const unknown = await merch.post(`/api/admin/zones/${zoneId}/goods`, { goods_id: 2000000000 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.goods_id).toEqual(['商品不存在']);
    const bad = await merch.post(`/api/admin/zones/${zoneId}/goods`, { goods_id: 'abc' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.goods_id).toEqual(['请填写商品编号']);
    const missing = await merch.post(`/api/admin/zones/${zoneId}/goods`, {});
    expect(missing.status).toBe(422);

    const noZone = await merch.post('/api/admin/zones/2000000000/goods', { goods_id: id });
    expect(noZone.status).toBe(404);
    expect(noZone.body.message).toBe('专区不存在');
    expect((await merch.get('/api/admin/zones/2000000000')).status).toBe(404);
    expect((await merch.get('/api/admin/zones/x')).status).toBe(422);

    const sideways = await merch.post(`/api/admin/zones/${zoneId}/goods/${id}/move`, {
      to: 'left',
    });
    expect(sideways.status).toBe(422);
    expect(sideways.body.errors.to).toEqual(['请选择上移或下移']);
    const other = await newGoods('stock');
    const notIn = await merch.post(`/api/admin/zones/${zoneId}/goods/${other}/move`, { to: 'up' });
    expect(notIn.status).toBe(404);
    expect(notIn.body.message).toBe('该商品不在本专区');
    expect((await merch.delete(`/api/admin/zones/${zoneId}/goods/${other}`)).status).toBe(404);
  });

  it('two merchandisers adding at once both keep their goods', async () => {
    const [x, y] = await Promise.all([newGoods('stock'), newGoods('stock')]);
    const other = await staffLogin('merchandiser');
    const [rx, ry] = await Promise.all([
      add(x),
      other.post(`/api/admin/zones/${zoneId}/goods`, { goods_id: y }),
    ]);
    expect([rx.status, ry.status]).toEqual([200, 200]);
    added.push(y);
    const ids = (await merch.get(`/api/admin/zones/${zoneId}`)).body.data.goods.map(
      (g: any) => g.id,
    );
    expect(ids).toEqual(expect.arrayContaining([x, y]));
  });

  it('新人推荐 (/api/focus/xrtj) shows the first 8 picks in order, the rule’s 为你推荐 without picks', async () => {
    const xrtj = (await merch.get('/api/admin/zones')).body.data.find(
      (z: any) => z.kind === 'xrtj',
    );
    expect(xrtj).toMatchObject({ kind_name: '新人推荐', state: 'running' });
    const base = `/api/admin/zones/${xrtj.id}/goods`;
    const demo = await login('demo');
    const shown = async () =>
      (await demo.get('/api/focus/xrtj')).body.data.map((g: { id: number }) => g.id);
    const picks = async (): Promise<number[]> =>
      (await merch.get(`/api/admin/zones/${xrtj.id}`)).body.data.goods.map((g: any) => g.id);
    const seeded = await picks();
    expect(seeded).toHaveLength(8);
    expect(await shown()).toEqual(seeded);
    const id = await newGoods('stock');
    try {
      expect((await merch.post(base, { goods_id: id })).status).toBe(200);
      expect(await shown()).toEqual(seeded);
      expect((await merch.post(`${base}/${id}/move`, { to: 'up' })).status).toBe(200);
      expect(await shown()).toEqual([...seeded.slice(0, 7), id]);

      for (const g of await picks()) await merch.delete(`${base}/${g}`);
      const rule = (await demo.get('/api/index_wntj/1', { per_page: 8 })).body.data;
      expect(await shown()).toEqual(rule.map((g: { id: number }) => g.id));
    } finally {
      for (const g of await picks()) await merch.delete(`${base}/${g}`);
      for (const g of seeded) expect((await merch.post(base, { goods_id: g })).status).toBe(200);
    }
    expect(await picks()).toEqual(seeded);
  });

  it('makes a zone (its page linked by kind) and changes its title, banner text and window', async () => {
    const title = `新建专区${Date.now().toString(36)}`;
    const form = {
      kind: 'yjh',
      title,
      intro: '限时供应',
      starts_at: '2026-01-01T00:00',
      ends_at: '2036-01-01T00:00',
    };
    const made = await merch.post('/api/admin/zones', form);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id;
    expect(made.body.data).toMatchObject({
      kind: 'yjh',
      title,
      intro: '限时供应',
      url: `/yjh/${id}`,
      state: 'running',
      goods_count: 0,
      starts_at: '2026-01-01T00:00:00.000+08:00',
    });
    const group = await merch.post('/api/admin/zones', { ...form, kind: 'group' });
    expect(group.body.data.url).toBe(`/group/${group.body.data.id}`);
    expect((await merch.post('/api/admin/zones', { ...form, kind: 'ab' })).body.data.url).toBe('');

    const demo = await login('demo');
    expect((await demo.get(`/yjh/${id}`)).body).toContain(title);
    const goodsId = await newGoods('stock');
    expect((await merch.post(`/api/admin/zones/${id}/goods`, { goods_id: goodsId })).status).toBe(
      200,
    );
    expect((await pageCardsOf(demo, `/yjh/${id}`)).map((c) => c.id)).toEqual([goodsId]);

    // Ended early by an earlier end: the page says the activity has not started (is over).
    const ended = await merch.post(`/api/admin/zones/${id}`, {
      title: `${title}改`,
      intro: '',
      starts_at: '2026-01-01T00:00',
      ends_at: '2026-01-02T00:00',
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.data).toMatchObject({
      title: `${title}改`,
      intro: '',
      state: 'ended',
      kind: 'yjh',
    });
    const page: string = (await demo.get(`/yjh/${id}`)).body;
    expect(page).toContain('data-testid="not-started"');
    expect(await pageCardsOf(demo, `/yjh/${id}`)).toEqual([]);
    expect(await auditActions(admin, 'activities', id)).toEqual([
      'zone.create',
      'zone.goods_add',
      'zone.update',
    ]);
  });

  it('refuses a zone without a kind or title, with a bad window, in Chinese', async () => {
    const ok = {
      kind: 'yjh',
      title: '专区',
      starts_at: '2026-01-01T00:00',
      ends_at: '2036-01-01T00:00',
    };
    const cases: [Record<string, string>, string, string][] = [
      [{ ...ok, kind: 'list' }, 'kind', '请选择专区类型'],
      [{ ...ok, title: ' ' }, 'title', '请填写标题'],
      [{ ...ok, title: '专'.repeat(31) }, 'title', '标题最多30个字'],
      [{ ...ok, title: '<b>专区</b>' }, 'title', '标题含有不允许的字符'],
      [{ ...ok, intro: '说'.repeat(61) }, 'intro', '说明最多60个字'],
      [{ ...ok, starts_at: 'soon' }, 'starts_at', '开始时间不正确'],
      [{ ...ok, ends_at: '' }, 'ends_at', '结束时间不正确'],
      [{ ...ok, ends_at: '2025-01-01T00:00' }, 'ends_at', '结束时间须晚于开始时间'],
    ];
    for (const [form, field, message] of cases) {
      const res = await merch.post('/api/admin/zones', form);
      expect(res.status, JSON.stringify(form)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
    const { kind: _, ...update } = ok;
    expect((await merch.post('/api/admin/zones/2000000000', update)).status).toBe(404);
    const bad = await merch.post(`/api/admin/zones/${zoneId}`, {
      ...update,
      ends_at: '2020-01-01T00:00',
    });
    expect(bad.status).toBe(422);
  });

  it('is the merchandiser’s (and admin’s) only', async () => {
    const reviewer = await staffLogin('reviewer');
    const editor = await staffLogin('editor');
    for (const c of [reviewer, editor]) {
      expect((await c.get('/api/admin/zones')).status).toBe(403);
      expect((await c.post('/api/admin/zones', { kind: 'yjh', title: 'x' })).status).toBe(403);
      expect((await c.post(`/api/admin/zones/${zoneId}`, { title: 'x' })).status).toBe(403);
      expect((await c.post(`/api/admin/zones/${zoneId}/goods`, { goods_id: 1 })).status).toBe(403);
      expect((await c.delete(`/api/admin/zones/${zoneId}/goods/1`)).status).toBe(403);
    }
    expect((await new Client().get('/api/admin/zones')).status).toBe(401);
    expect((await (await login('demo')).get('/api/admin/zones')).status).toBe(401);
    expect((await admin.get('/api/admin/zones')).status).toBe(200);
  });
});

// The goods desk: who may keep the catalogue, what a goods may be (approval numbers, prices,
// ladders), optimistic locking between two merchandisers, lots as the one source of the stock
// buyers see, pinyin keys recomputed on every write, and an audit row for each change.
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditActions } from '../support/backoffice.ts';
import { Client } from '../support/http.ts';
import { login } from '../support/shop.ts';
import { staffLogin } from '../support/staff.ts';

let merch: Client;
let admin: Client;
beforeAll(async () => {
  [merch, admin] = await Promise.all([staffLogin('merchandiser'), staffLogin('admin')]);
});

// Rare characters make names (and their initials) of this run only.
const RARE = '翊珂骁湛琨瑶蔚璟祎昀珏铄';
const rareName = () =>
  `${Array.from({ length: 4 }, () => RARE[randomInt(0, RARE.length)]).join('')}颗粒`;
const uniqueCode = () =>
  `T${Date.now().toString(36)}${randomInt(0, 1e6).toString(36)}`.slice(0, 20);

let categoryId: number;
async function category(): Promise<number> {
  if (categoryId) return categoryId;
  const page = await merch.get('/api/admin/goods', { per_page: 1 });
  const one = await merch.get(`/api/admin/goods/${page.body.data[0].id}`);
  categoryId = one.body.data.category_id;
  return categoryId;
}

async function goodsForm(over: Record<string, unknown> = {}) {
  return {
    code: uniqueCode(),
    name: rareName(),
    trade_name: '',
    spec: '10g*9袋',
    manufacturer: '湖北测试制药有限公司',
    approval_no: `国药准字Z${String(randomInt(0, 1e8)).padStart(8, '0')}`,
    drug_class: 'otc_a',
    bzdw: '盒',
    inner_pack: 1,
    case_qty: 40,
    category_id: await category(),
    base_price: '12.50',
    ladder: [
      { min_number: 10, price: '12.00' },
      { min_number: 50, price: '11.50' },
    ],
    tags: ['新'],
    is_buy: '1',
    ...over,
  };
}

describe('who may keep the catalogue', () => {
  it('visitors and buyers get 401; other roles 403 in Chinese; merchandiser and admin pass', async () => {
    expect((await new Client().get('/api/admin/goods')).status).toBe(401);
    const buyer = await login('demo');
    expect((await buyer.get('/api/admin/goods')).status).toBe(401);
    expect((await buyer.post('/api/admin/goods', await goodsForm())).status).toBe(401);
    for (const role of ['reviewer', 'warehouse', 'finance', 'service', 'editor']) {
      const c = await staffLogin(role);
      const list = await c.get('/api/admin/goods');
      expect(list.status, role).toBe(403);
      expect(list.body.message).toContain('商品运营');
      expect((await c.post('/api/admin/goods', await goodsForm())).status, role).toBe(403);
      expect((await c.post('/api/admin/goods/1/lots', {})).status, role).toBe(403);
    }
    expect((await merch.get('/api/admin/goods', { q: 'amxl' })).status).toBe(200);
    const byAdmin = await admin.get('/api/admin/goods', { q: '阿莫西林', per_page: 5 });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.length).toBeGreaterThan(0);
    expect(byAdmin.body.data[0].name).toContain('阿莫西林');
  });

  it('finds a goods by two characters or more of its name or maker, three or more of its code or approval number', async () => {
    // Three characters or more are looked up through the trigram index; two through the bigram
    // index over names, maker and initials; one reads every goods.
    const made = await merch.post(
      '/api/admin/goods',
      await goodsForm({ manufacturer: `${rareName()}制药有限公司` }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const g = made.body.data;
    const found = async (q: string) =>
      (await merch.get('/api/admin/goods', { q, per_page: 100 })).body.data.map(
        (r: { id: number }) => r.id,
      );
    for (const q of [
      g.name,
      g.name.slice(0, 2),
      g.code,
      g.code.slice(-3),
      g.approval_no,
      g.approval_no.slice(-3),
      // as ILIKE compares: 国药准字Z… found by z12
      g.approval_no.slice(4, 7).toLowerCase(),
      g.manufacturer.slice(0, 2),
      g.manufacturer,
    ])
      expect(await found(q), q).toContain(g.id);
    const byInitials = await merch.get('/api/admin/goods', { q: 'amxl', per_page: 5 });
    expect(byInitials.body.data.length).toBeGreaterThan(0);
    for (const g of byInitials.body.data) expect(g.name).toContain('阿莫西林');
    // Two letters of the initials, in either case, through the bigram index.
    const byTwo = (await merch.get('/api/admin/goods', { q: 'AM', per_page: 100 })).body.data;
    expect(byTwo.some((r: { name: string }) => r.name.includes('阿莫西林'))).toBe(true);
  });
});

describe('what a goods may be', () => {
  it('refuses bad approval numbers, negative prices, unordered ladders with the field named', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ approval_no: '国药准字X1234' }, 'approval_no', '批准文号格式不正确'],
      [{ approval_no: '' }, 'approval_no', '请填写批准文号'],
      [
        { drug_class: 'device_2', approval_no: '国药准字H20013035' },
        'approval_no',
        '批准文号格式不正确',
      ],
      [{ base_price: '-1' }, 'base_price', '不小于0'],
      [{ base_price: '1.234' }, 'base_price', '最多两位小数'],
      [
        {
          ladder: [
            { min_number: 50, price: '12.00' },
            { min_number: 10, price: '11.00' },
          ],
        },
        'ladder',
        '从小到大',
      ],
      [{ ladder: [{ min_number: 10, price: '13.00' }] }, 'ladder', '低于基础单价'],
      [{ case_qty: 7, inner_pack: 5 }, 'case_qty', '整数倍'],
      [{ is_ephedrine: '1', purchase_limit: 0 }, 'purchase_limit', '限购'],
      [{ drug_class: 'rocket' }, 'drug_class', '药品分类'],
      [{ tags: ['假'] }, 'tags.0', '标签'],
      [{ code: '<script>' }, 'code', '商品编码'],
    ];
    for (const [over, field, text] of cases) {
      const res = await merch.post('/api/admin/goods', await goodsForm(over));
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(res.body.errors[field]?.[0], JSON.stringify(res.body)).toContain(text);
    }
    const missingCategory = await merch.post(
      '/api/admin/goods',
      await goodsForm({ category_id: 2_000_000_000 }),
    );
    expect(missingCategory.status).toBe(422);
    expect(missingCategory.body.errors.category_id[0]).toBe('商品分类不存在');
  });

  it('accepts the device and herb formats: 械注准, 械备, none for 中药饮片', async () => {
    for (const [drug_class, approval_no] of [
      ['device_3', '国械注准20163460001'],
      ['device_2', '鄂械注准20172640022'],
      ['device_1', '鄂汉械备20150012号'],
      ['herb', ''],
    ]) {
      const res = await merch.post(
        '/api/admin/goods',
        await goodsForm({ drug_class, approval_no }),
      );
      expect(res.status, `${drug_class} ${JSON.stringify(res.body)}`).toBe(201);
    }
  });

  it('a code another goods has is refused', async () => {
    const first = await merch.post('/api/admin/goods', await goodsForm());
    expect(first.status).toBe(201);
    const again = await merch.post(
      '/api/admin/goods',
      await goodsForm({ code: first.body.data.code }),
    );
    expect(again.status).toBe(422);
    expect(again.body.errors.code[0]).toContain('已被其他商品使用');
  });
});

describe('saving a goods', () => {
  it('stores the fields, computes the pinyin keys, and buyers find it by its initials', async () => {
    const form = await goodsForm({ trade_name: '璟昀' });
    const res = await merch.post('/api/admin/goods', form);
    expect(res.status).toBe(201);
    const g = res.body.data;
    expect(g).toMatchObject({
      name: form.name,
      base_price: '12.50',
      version: 1,
      stock: 0,
      ladder: [
        { min_number: 10, price: '12.00' },
        { min_number: 50, price: '11.50' },
      ],
      tags: ['新'],
    });
    expect(g.search_keys.name).toMatch(/^[a-z]{4}kl$/);
    expect(g.search_keys.trade).toBe('jy');
    // The search index reloads within its documented staleness (a few seconds).
    const buyer = await login('demo');
    await expect
      .poll(
        async () =>
          (await buyer.get('/api/goods/search', { keywords: g.search_keys.name })).body.data.map(
            (s: any) => s.id,
          ),
        { timeout: 15_000, interval: 500 },
      )
      .toContain(g.id);
    // Renaming recomputes the keys.
    const renamed = await merch.post(`/api/admin/goods/${g.id}`, {
      ...form,
      name: '布洛芬缓释胶囊',
      version: 1,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.search_keys.name).toBe('blfhsjn');
    expect(renamed.body.data.version).toBe(2);
    expect(await auditActions(admin, 'goods', g.id)).toEqual(['goods.create', 'goods.update']);
  });

  it('two merchandisers saving one version: one is saved, the other gets 409 with the current version', async () => {
    const form = await goodsForm();
    const made = await merch.post('/api/admin/goods', form);
    const id = made.body.data.id;
    const other = await staffLogin('merchandiser');
    const [a, b] = await Promise.all([
      merch.post(`/api/admin/goods/${id}`, {
        ...form,
        base_price: '20.00',
        ladder: [],
        version: 1,
      }),
      other.post(`/api/admin/goods/${id}`, {
        ...form,
        base_price: '30.00',
        ladder: [],
        version: 1,
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const lost = a.status === 409 ? a : b;
    const won = a.status === 200 ? a : b;
    expect(lost.body).toMatchObject({ current_version: 2 });
    expect(lost.body.message).toContain('已被他人修改');
    const now = await merch.get(`/api/admin/goods/${id}`);
    expect(now.body.data.base_price).toBe(won.body.data.base_price);
    expect(now.body.data.version).toBe(2);
    // Saving on the current version goes through.
    const retry = await merch.post(`/api/admin/goods/${id}`, {
      ...form,
      base_price: '25.00',
      ladder: [],
      version: 2,
    });
    expect(retry.status).toBe(200);
    expect(retry.body.data.version).toBe(3);
    const missing = await merch.post(`/api/admin/goods/${id}`, { ...form });
    expect(missing.status).toBe(422);
    expect((await merch.post('/api/admin/goods/2000000000', { ...form, version: 1 })).status).toBe(
      404,
    );
  });
});

describe('lots are the stock buyers see', () => {
  it('adding and counting lots moves the goods stock; the buyer detail shows it; each is audited', async () => {
    const made = await merch.post('/api/admin/goods', await goodsForm());
    const id = made.body.data.id;
    const first = await merch.post(`/api/admin/goods/${id}/lots`, {
      batch_no: 'B2026001',
      produced_on: '2026-01-10',
      expires_on: '2028-01-09',
      stock: 120,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.stock).toBe(120);
    const second = await merch.post(`/api/admin/goods/${id}/lots`, {
      batch_no: 'B2026002',
      produced_on: '2026-03-01',
      expires_on: '2028-02-28',
      stock: 30,
    });
    expect(second.body.data.stock).toBe(150);
    const lot = second.body.data.lots.find((l: any) => l.batch_no === 'B2026001');
    const counted = await merch.post(`/api/admin/goods/${id}/lots`, { ...lot, stock: 100 });
    expect(counted.body.data.stock).toBe(130);
    const buyer = await login('demo');
    await expect
      .poll(async () => (await buyer.get(`/api/goods/detail/${id}`)).body.data?.number, {
        timeout: 10_000,
      })
      .toBe(130);
    expect(await auditActions(admin, 'goods', id)).toEqual([
      'goods.create',
      'lot.create',
      'lot.create',
      'lot.update',
    ]);
  });

  it("the desk's list shows each goods' earliest expiry with units left, none without lots", async () => {
    const form = await goodsForm({ code: uniqueCode() });
    const id = (await merch.post('/api/admin/goods', form)).body.data.id;
    const row = async () =>
      (await merch.get('/api/admin/goods', { q: form.code })).body.data.find(
        (g: any) => g.id === id,
      );
    expect((await row()).nearest_expiry).toBeNull();
    for (const [batch_no, expires_on, stock] of [
      ['E2026001', '2028-01-09', 40],
      ['E2026002', '2027-06-30', 0],
      ['E2026003', '2029-03-01', 10],
    ] as const)
      expect(
        (
          await merch.post(`/api/admin/goods/${id}/lots`, {
            batch_no,
            produced_on: '2026-01-10',
            expires_on,
            stock,
          })
        ).status,
      ).toBe(200);
    // The sold-out lot of 2027 is not what a buyer would receive.
    expect((await row()).nearest_expiry).toBe('2028-01-09');
  });

  it('refuses bad lots: dates, negative stock, a batch twice, another goods lot', async () => {
    const made = await merch.post('/api/admin/goods', await goodsForm());
    const id = made.body.data.id;
    const ok = { batch_no: 'L1', produced_on: '2026-01-01', expires_on: '2027-12-31', stock: 5 };
    expect((await merch.post(`/api/admin/goods/${id}/lots`, ok)).status).toBe(200);
    for (const [over, field] of [
      [{ expires_on: '2025-12-31' }, 'expires_on'],
      [{ produced_on: '2026-02-30' }, 'produced_on'],
      [{ stock: -1 }, 'stock'],
      [{ stock: 'lots' }, 'stock'],
      [{ batch_no: '批号' }, 'batch_no'],
    ] as const) {
      const res = await merch.post(`/api/admin/goods/${id}/lots`, {
        ...ok,
        batch_no: 'L2',
        ...over,
      });
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(res.body.errors[field]).toBeDefined();
    }
    const twice = await merch.post(`/api/admin/goods/${id}/lots`, ok);
    expect(twice.status).toBe(422);
    expect(twice.body.errors.batch_no[0]).toContain('已存在');
    const other = await merch.post('/api/admin/goods', await goodsForm());
    const lotId = (await merch.get(`/api/admin/goods/${id}`)).body.data.lots[0].id;
    const foreign = await merch.post(`/api/admin/goods/${other.body.data.id}/lots`, {
      ...ok,
      id: lotId,
    });
    expect(foreign.status).toBe(404);
    expect((await merch.get(`/api/admin/goods/${id}`)).body.data.stock).toBe(5);
  });
});

describe('goods photos', () => {
  const uploadImage = (c: Client, id: number, bytes: Uint8Array<ArrayBuffer>, name = 'p.png') => {
    const form = new FormData();
    form.set('file', new File([bytes], name));
    return c.request('POST', `/api/admin/goods/${id}/images`, { body: form });
  };

  it('resizes a JPG/PNG/WebP into one WebP of at most 640 px, served immutable; refuses the rest', async () => {
    const made = await merch.post('/api/admin/goods', await goodsForm());
    const id = made.body.data.id;
    const png = new Uint8Array(
      await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer(),
    );
    const up = await uploadImage(merch, id, png);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const [url] = up.body.data.images;
    expect(url).toMatch(/^\/uploads\/goods\/[0-9a-f]{32}\.webp$/);
    const served = await fetch(new URL(url, merch.base));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 480]);
    // The same photo again is the same file, not a second photo.
    expect((await uploadImage(merch, id, png)).body.data.images).toEqual([url]);
    const buyer = await login('demo');
    await expect
      .poll(async () => (await buyer.get(`/api/goods/detail/${id}`)).body.data?.goods_image, {
        timeout: 10_000,
      })
      .toEqual([url]);

    const pdf = new TextEncoder().encode('%PDF-1.4 not a photo');
    expect((await uploadImage(merch, id, pdf, 'p.jpg')).status).toBe(415);
    const truncated = png.slice(0, 40);
    const broken = await uploadImage(merch, id, truncated);
    expect(broken.status).toBe(415);
    expect(broken.body.message).toContain('图片');
    expect((await uploadImage(merch, 2_000_000_000, png)).status).toBe(404);
    const reviewer = await staffLogin('reviewer');
    expect((await uploadImage(reviewer, id, png)).status).toBe(403);
    expect((await fetch(new URL('/uploads/goods/../../etc/passwd', merch.base))).status).toBe(404);
    expect(
      (await fetch(new URL('/uploads/goods/0123456789abcdef0123456789abcdef.webp', merch.base)))
        .status,
    ).toBe(404);

    const removed = await merch.request(
      'DELETE',
      `/api/admin/goods/${id}/images?url=${encodeURIComponent(url)}`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data.images).toEqual([]);
    expect(await auditActions(admin, 'goods', id)).toEqual([
      'goods.create',
      'goods.image_add',
      'goods.image_remove',
    ]);
  });
});

describe('brands and categories', () => {
  it('the merchandiser adds and renames brands and categories; the header menus show them', async () => {
    const brand = await merch.post('/api/admin/brands', { name: `品牌${rareName()}`, sort: 999 });
    expect(brand.status, JSON.stringify(brand.body)).toBe(201);
    const renamed = await merch.post(`/api/admin/brands/${brand.body.data.id}`, {
      name: '璟昀堂',
      sort: 999,
    });
    expect(renamed.body.data.name).toBe('璟昀堂');
    expect((await merch.get('/api/admin/brands')).body.data.map((b: any) => b.name)).toContain(
      '璟昀堂',
    );
    // Each brand counts its own goods.
    const branded = () =>
      merch
        .get('/api/admin/brands')
        .then((r) => r.body.data.find((b: any) => b.id === brand.body.data.id));
    expect((await branded()).goods).toBe(0);
    for (let i = 0; i < 2; i++)
      expect(
        (await merch.post('/api/admin/goods', await goodsForm({ brand_id: brand.body.data.id })))
          .status,
      ).toBe(201);
    expect((await branded()).goods).toBe(2);

    const cats = (await merch.get('/api/admin/categories')).body.data;
    const top = cats.find((c: any) => c.line === 'general' && c.parentId === null);
    const child = await merch.post('/api/admin/categories', {
      name: '测试子类目',
      line: 'general',
      parent_id: top.id,
      sort: 99,
    });
    expect(child.status).toBe(201);
    const common = await new Client().get('/api/focus/common');
    const menu = common.body.data.category.find((c: any) => c.id === top.id);
    expect(menu.children.map((c: any) => c.name)).toContain('测试子类目');

    const deeper = await merch.post('/api/admin/categories', {
      name: '三级类目',
      line: 'general',
      parent_id: child.body.data.id,
    });
    expect(deeper.status).toBe(422);
    expect(deeper.body.errors.parent_id[0]).toContain('一级类目');
    const otherLine = await merch.post('/api/admin/categories', {
      name: '跨线',
      line: 'qx',
      parent_id: top.id,
    });
    expect(otherLine.status).toBe(422);
    expect((await merch.post('/api/admin/categories', { name: '', line: 'general' })).status).toBe(
      422,
    );
    expect((await merch.post('/api/admin/brands/2000000000', { name: 'x' })).status).toBe(404);
    const editor = await staffLogin('editor');
    expect((await editor.post('/api/admin/brands', { name: 'x' })).status).toBe(403);
    expect((await editor.get('/api/admin/categories')).status).toBe(403);
    const audit = await admin.get('/api/admin/audit', {
      entity: 'category',
      entity_id: child.body.data.id,
    });
    expect(audit.body.data.rows.map((r: any) => r.action)).toEqual(['category.save']);
  });
});

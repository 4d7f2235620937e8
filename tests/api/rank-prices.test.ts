// 会员等级价: the merchandiser keeps a price per member rank on the goods (saved over the goods'
// version), and a buyer of that rank is charged it in the catalogue and the cart; ladder tiers
// above it no longer apply to them.
import { randomInt } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, freshBuyer } from '../support/backoffice.ts';
import type { Client } from '../support/http.ts';
import { staffLogin } from '../support/staff.ts';

let merch: Client;
let reviewer: Client;
beforeAll(async () => {
  [merch, reviewer] = await Promise.all([staffLogin('merchandiser'), staffLogin('reviewer')]);
});

async function newGoods(): Promise<{ id: number; form: Record<string, unknown> }> {
  const page = await merch.get('/api/admin/goods', { per_page: 1 });
  const one = (await merch.get(`/api/admin/goods/${page.body.data[0].id}`)).body.data;
  const form = {
    code: `R${Date.now().toString(36)}${randomInt(0, 1e6).toString(36)}`.slice(0, 20),
    name: `等级价测试颗粒${randomInt(0, 1e6)}`,
    spec: '10g*9袋',
    manufacturer: '湖北测试制药有限公司',
    approval_no: `国药准字Z${String(randomInt(0, 1e8)).padStart(8, '0')}`,
    drug_class: 'otc_a',
    bzdw: '盒',
    inner_pack: 1,
    case_qty: 40,
    category_id: one.category_id,
    base_price: '12.50',
    ladder: [
      { min_number: 10, price: '12.00' },
      { min_number: 50, price: '11.50' },
    ],
    is_buy: '1',
  };
  const made = await merch.post('/api/admin/goods', form);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.data.id as number;
  const lot = { batch_no: 'R1', produced_on: '2026-01-01', expires_on: '2028-12-31', stock: 500 };
  expect((await merch.post(`/api/admin/goods/${id}/lots`, lot)).status).toBe(200);
  return { id, form };
}

/** An approved buyer of this member rank. */
async function buyerOfRank(rank: number): Promise<Client> {
  const buyer = await freshBuyer();
  const id = await companyIdOf(buyer);
  const store = (await reviewer.get(`/api/admin/stores/${id}`)).body.data;
  const res = await reviewer.post(`/api/admin/stores/${id}`, {
    type: 'pharmacy',
    province: '湖北省',
    city: '武汉市',
    rank,
    admin_id: store.admins[0].id,
    is_can_chat: '1',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return buyer;
}

/** The unit price of `number` of the goods in this buyer's cart. */
async function cartPrice(buyer: Client, goodsId: number, number: number): Promise<string> {
  const add = await buyer.post('/api/cart', { params: [{ goods_id: goodsId, number }] });
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  const line = (await buyer.get('/api/cart/list')).body.data.data.find(
    (l: any) => l.goods.id === goodsId,
  );
  await buyer.post('/api/cart/batch_delete', { ids: [line.id] });
  return line.price;
}

describe('rank prices (会员等级价)', () => {
  it('are saved over the goods’ version and charged to buyers of that rank only', async () => {
    const { id, form } = await newGoods();
    const saved = await merch.post(`/api/admin/goods/${id}`, {
      ...form,
      rank_prices: { v3: '10.00', v4: '' },
      version: 1,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ version: 2, rank_prices: { v3: '10.00' } });

    const v3 = await buyerOfRank(3);
    const v1 = await buyerOfRank(1);
    // Rank 3: 10.00 whatever the quantity (the ladder's 12.00 and 11.50 are dearer).
    expect(await cartPrice(v3, id, 1)).toBe('10.00');
    expect(await cartPrice(v3, id, 50)).toBe('10.00');
    const detail = (await v3.get(`/api/goods/detail/${id}`)).body.data;
    expect(detail.price).toBe('10.00');
    // Rank 1: the base price and the ladder as before.
    expect(await cartPrice(v1, id, 1)).toBe('12.50');
    expect(await cartPrice(v1, id, 10)).toBe('12.00');
    expect((await v1.get(`/api/goods/detail/${id}`)).body.data.price).toBe('12.50');

    // The list filters and sorts by the reader's price: rank 3 finds it at 10.00, rank 1 at 12.50.
    const listed = async (c: Client, min: string, max: string) =>
      (
        await c.get('/api/goods/list', {
          keywords: form.name,
          price_min: min,
          price_max: max,
          sort: 'price',
        })
      ).body.data.map((g: { id: number }) => g.id);
    await expect.poll(() => listed(v3, '9.50', '10.50'), { timeout: 15_000 }).toEqual([id]);
    expect(await listed(v1, '9.50', '10.50')).toEqual([]);
    expect(await listed(v1, '12.00', '13.00')).toEqual([id]);

    // Cleared: rank 3 pays the base price again.
    const cleared = await merch.post(`/api/admin/goods/${id}`, {
      ...form,
      rank_prices: { v3: '' },
      version: 2,
    });
    expect(cleared.body.data.rank_prices).toEqual({});
    expect(await cartPrice(v3, id, 1)).toBe('12.50');
  });

  it('two merchandisers changing rank prices of one version: the second gets 409', async () => {
    const { id, form } = await newGoods();
    const other = await staffLogin('merchandiser');
    const [a, b] = await Promise.all([
      merch.post(`/api/admin/goods/${id}`, { ...form, rank_prices: { v2: '11.00' }, version: 1 }),
      other.post(`/api/admin/goods/${id}`, { ...form, rank_prices: { v2: '9.00' }, version: 1 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.body).toMatchObject({ current_version: 2 });
    const now = (await merch.get(`/api/admin/goods/${id}`)).body.data;
    expect(now.rank_prices).toEqual({ v2: a.status === 200 ? '11.00' : '9.00' });
  });

  it('refuses a rank price above the base price, not in fen, or of an unknown rank', async () => {
    const { id, form } = await newGoods();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ v3: '12.51' }, 'rank_prices', 'V3会员价不能高于基础单价'],
      [{ v3: '9.999' }, 'rank_prices.v3', 'V3会员价须为大于0的金额（元，最多两位小数）'],
      [{ v3: '-1' }, 'rank_prices.v3', 'V3会员价须为大于0的金额（元，最多两位小数）'],
      [{ v3: '0' }, 'rank_prices.v3', 'V3会员价须为大于0的金额（元，最多两位小数）'],
      [{ v9: '5' }, 'rank_prices.v9', '会员等级不正确'],
    ];
    for (const [rankPrices, field, message] of cases) {
      const res = await merch.post(`/api/admin/goods/${id}`, {
        ...form,
        rank_prices: rankPrices,
        version: 1,
      });
      expect(res.status, JSON.stringify(rankPrices)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
    expect((await merch.get(`/api/admin/goods/${id}`)).body.data.version).toBe(1);
  });
});

/** The cards of one home-page block, by goods id: the price shown (the struck one beside an offer). */
async function homeBlockPrices(buyer: Client, key: string): Promise<Map<number, string>> {
  const html: string = (await buyer.get('/')).body;
  const start = html.indexOf(`data-testid="home-${key}"`);
  expect(start, key).toBeGreaterThan(0);
  const block = html.slice(start, html.indexOf('</section>', start));
  const prices = new Map<number, string>();
  for (const card of block.split('data-testid="goods-card"').slice(1)) {
    const id = Number(/data-goods-id="(\d+)"/.exec(card)?.[1]);
    const shown =
      /<s[^>]*>¥(\d+\.\d\d)<\/s>/.exec(card) ?? /data-testid="price">¥(\d+\.\d\d)/.exec(card);
    prices.set(id, shown![1]!);
  }
  return prices;
}

describe('rank prices on the home page', () => {
  it('新品上架 shows each buyer their rank’s price', async () => {
    const { id, form } = await newGoods();
    const saved = await merch.post(`/api/admin/goods/${id}`, {
      ...form,
      rank_prices: { v3: '10.00' },
      version: 1,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [v3, v1] = await Promise.all([buyerOfRank(3), buyerOfRank(1)]);
    expect((await homeBlockPrices(v3, 'fresh')).get(id)).toBe('10.00');
    expect((await homeBlockPrices(v1, 'fresh')).get(id)).toBe('12.50');
  });

  it('限时秒杀 and 每日特价 strike through the buyer’s own price beside the offer', async () => {
    // Rank 5 is nobody else's in the suite, so its price on shop goods changes no other test.
    const v5 = await buyerOfRank(5);
    for (const key of ['spike', 'daily']) {
      const [goodsId, before] = [...(await homeBlockPrices(v5, key))][0]!;
      const form = (await merch.get(`/api/admin/goods/${goodsId}`)).body.data;
      const rankPrice = (Number(form.base_price) - 0.01).toFixed(2);
      const res = await merch.post(`/api/admin/goods/${goodsId}`, {
        ...form,
        rank_prices: { ...form.rank_prices, v5: rankPrice },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(before).toBe(form.base_price);
      expect((await homeBlockPrices(v5, key)).get(goodsId)).toBe(rankPrice);
      expect((await v5.get(`/api/goods/detail/${goodsId}`)).body.data.base_price).toBe(rankPrice);
    }
  });
});

describe('rank prices in the goods export and import', () => {
  it('the export has V1–V5 beside the base price, and an edited export imports them', async () => {
    const { id, form } = await newGoods();
    await merch.post(`/api/admin/goods/${id}`, {
      ...form,
      rank_prices: { v3: '10.00' },
      version: 1,
    });
    const res = await fetch(new URL(`/api/admin/goods/export?q=${form.code}`, merch.base), {
      headers: { cookie: [...merch.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as never);
    const sheet = book.getWorksheet('商品')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const at = header.indexOf('单价');
    expect(header.slice(at, at + 7)).toEqual([
      '单价',
      'V1会员价',
      'V2会员价',
      'V3会员价',
      'V4会员价',
      'V5会员价',
      '阶梯价',
    ]);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row.slice(at, at + 6)).toEqual(['12.50', '', '', '10.00', '', '']);

    const upload = async (dryRun: boolean) => {
      const body = new FormData();
      body.set('file', new File([new Uint8Array(await book.xlsx.writeBuffer())], 'goods.xlsx'));
      if (dryRun) body.set('dry_run', '1');
      return merch.request('POST', '/api/admin/goods/import', { body });
    };
    const same = await upload(true);
    expect(same.body.data.summary, JSON.stringify(same.body)).toMatchObject({ unchanged: 1 });

    // V2 filled in, V3 emptied: an empty cell changes nothing, as in every column of the import.
    sheet.getRow(2).getCell(at + 3).value = '11.00';
    sheet.getRow(2).getCell(at + 4).value = '';
    expect((await upload(true)).body.data.summary).toMatchObject({ updated: 1 });
    // One import at a time on the shared server: another file's import may hold it for a moment.
    await expect
      .poll(async () => (await upload(false)).status, { timeout: 20_000, interval: 300 })
      .toBe(202);
    await expect
      .poll(async () => (await merch.get(`/api/admin/goods/${id}`)).body.data.rank_prices, {
        timeout: 20_000,
        interval: 200,
      })
      .toEqual({ v2: '11.00', v3: '10.00' });

    sheet.getRow(2).getCell(at + 3).value = '13.00';
    const refused = (await upload(true)).body.data;
    expect(refused.summary).toMatchObject({ refused: 1 });
    expect(refused.rows[0].reasons).toContain('「会员价」V2会员价不能高于基础单价');
  });
});

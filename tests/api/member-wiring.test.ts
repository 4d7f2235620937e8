// Where the members' pages meet the cart, orders and wallet modules: the member centre's figures
// and a licence that expires while the member is approved.
import { describe, expect, it } from 'vitest';
import { login, addBuyable, submissionKey } from '../support/shop.ts';
import { IpClient, registerMember, type Member } from '../support/members.ts';
import { reviewLicence } from '../support/staff.ts';

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const DAY = 86_400_000;
const isoDay = (offsetDays: number) =>
  new Date(Date.now() + 8 * 3600_000 + offsetDays * DAY).toISOString().slice(0, 10);

/** This file's goods ids (other files use other ranges, so cart lines are never shared). */
const GOODS_FROM = 700;

describe('member centre figures', () => {
  it('shows the demo pharmacy its seeded points, balance and coupons, and counts its cart lines and orders', async () => {
    const c = await login('demo');
    const coupons = await c.get('/api/user/couponNum');
    expect(coupons.status).toBe(200);
    // Seed: two current coupons (a third has expired) and one cash voucher; no API test spends them.
    expect(coupons.body.data).toEqual({ usable: 2, expiring: 0, cash: 1 });

    const money = (await c.get('/api/user/user_money')).body.data;
    const base = (await c.get('/api/user/base')).body.data;
    // Points only grow in the API suite (paid orders award them): at least the seeded 1280.
    expect(base.points).toBeGreaterThanOrEqual(1280);
    expect(base.points).toBeGreaterThanOrEqual(money.points);

    const line = await addBuyable(c, GOODS_FROM);
    expect((await c.get('/api/user/base')).body.data.cart).toBeGreaterThanOrEqual(1);
    const placed = await c.post('/api/order', { key: submissionKey(), ids: [line.id] });
    expect(placed.status).toBe(201);
    const page = await c.get('/user');
    expect(page.status).toBe(200);
    const html = String(page.body);
    const figure = (label: string) =>
      Number(new RegExp(`<span[^>]*>(\\d+)</span>${label}`).exec(html)?.[1]);
    expect(figure('待付款')).toBeGreaterThanOrEqual(1);
    expect(html).toMatch(/¥(\d+\.\d\d)<\/span>账户余额/);
    expect(Number(/¥(\d+\.\d\d)<\/span>账户余额/.exec(html)![1])).toBeGreaterThan(0);
    expect(Number(/>(\d+)<\/span>积分/.exec(html)![1])).toBeGreaterThanOrEqual(1280);
    expect(Number(/>(\d+)<\/span>优惠券/.exec(html)![1])).toBe(2);
    await c.post(`/api/order/${placed.body.data.order_ids[0]}/cancel`);
  });

  it('counts exactly for a store of its own: nothing for a new member', async () => {
    const m = await registerMember();
    const base = (await m.client.get('/api/user/base')).body.data;
    expect(base).toMatchObject({ points: 0, cart: 0 });
    expect((await m.client.get('/api/user/couponNum')).body.data).toEqual({
      usable: 0,
      expiring: 0,
      cash: 0,
    });
  });
});

async function upload(c: IpClient, expiresOn: string): Promise<number> {
  const form = new FormData();
  form.set('type', 'drug_trade');
  form.set('number', '鄂AA0270999');
  form.set('expires_on', expiresOn);
  form.set('file', new Blob([Buffer.from(PNG)], { type: 'image/png' }), 'licence.png');
  const res = await c.request('POST', '/api/user/zizhi', { body: form });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** A new member whose drug-trade licence the reviewer has approved (so the store is approved). */
async function approvedMember(expiresOn: string): Promise<{ m: Member; licenceId: number }> {
  const m = await registerMember();
  const licenceId = await upload(m.client, expiresOn);
  expect((await m.client.get('/api/user/zizhi')).body.data.is_passed).toBe(false);
  expect((await reviewLicence(licenceId)).status).toBe(200);
  expect((await m.client.get('/api/user/base')).body.data.is_passed).toBe(true);
  return { m, licenceId };
}

describe('business scope on approval', () => {
  it('the approval grants the usual scope of a pharmacy, so a new member can buy goods in it', async () => {
    const m = await registerMember();
    expect((await m.client.get('/api/user/jyfw')).body.data).toEqual([]);
    const { m: approved } = await approvedMember(isoDay(300));
    const codes = (await approved.client.get('/api/user/jyfw')).body.data.map(
      (s: { code: string }) => s.code,
    );
    expect(codes).toEqual(expect.arrayContaining(['otc_a', 'otc_b', 'rx', 'herb']));
    expect(codes).not.toContain('device_3');
    const line = await addBuyable(approved.client, 40);
    expect(line.is_selected).toBeTruthy();
  });

  it('an approved store orders only after signing the e-contract (459, then the order)', async () => {
    const { m } = await approvedMember(isoDay(300));
    await m.client.post('/api/user/address', {
      consignee: '张三',
      phone: '13812345678',
      province: '湖北省',
      city: '武汉市',
      district: '洪山区',
      detail: '珞喻路 1 号',
    });
    const line = await addBuyable(m.client, 70);
    const first = await m.client.post('/api/order', { key: submissionKey(), ids: [line.id] });
    expect(first.status).toBe(459);
    expect(first.body.message).toBe('请先签署电子购销合同后再下单');
    expect((await m.client.get('/api/cart/list')).body.data.data.length).toBe(1);
    expect((await m.client.post('/api/user/contract', { agree: '1', signer: '张三' })).status).toBe(
      200,
    );
    const placed = await m.client.post('/api/order', { key: submissionKey(), ids: [line.id] });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    await m.client.post(`/api/order/${placed.body.data.order_ids[0]}/cancel`);
  });

  it('the reviewer can grant a narrower scope; unknown classes are refused', async () => {
    const m = await registerMember();
    const licenceId = await upload(m.client, isoDay(300));
    const bad = await reviewLicence(licenceId, { state: 'approved', jyfw: ['rx', 'nonsense'] });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('经营范围不正确');
    expect((await reviewLicence(licenceId, { state: 'approved', jyfw: ['otc_b'] })).status).toBe(
      200,
    );
    expect(
      (await m.client.get('/api/user/jyfw')).body.data.map((s: { code: string }) => s.code),
    ).toEqual(['otc_b']);
  });
});

describe('licence expiry', () => {
  it('an expired licence blocks adding to the cart (422) and the goods list says why', async () => {
    const { m, licenceId } = await approvedMember(isoDay(200));
    const before = (await m.client.get('/api/goods/list', { per_page: 5 })).body.data;
    expect(before.length).toBeGreaterThan(0);
    for (const g of before) expect(g.reason ?? '').not.toMatch(/资质/);

    expect(
      (await m.client.post('/api/dev/licence_expiry', { id: licenceId, expires_on: isoDay(-1) }))
        .status,
    ).toBe(200);
    const goodsId = before[0].id;
    const add = await m.client.post('/api/cart', { params: [{ goods_id: goodsId, number: 1 }] });
    expect(add.status).toBe(422);
    expect(add.body.message).toMatch(/资质已过期，请更新资质后购买$/);
    const after = (await m.client.get('/api/goods/list', { per_page: 5 })).body.data;
    for (const g of after)
      expect(g).toMatchObject({ is_buy: false, reason: '资质已过期，请更新资质后购买' });
    const zizhi = (await m.client.get('/api/user/zizhi')).body.data;
    expect(zizhi.expired).toBe(true);
    expect(String((await m.client.get('/user')).body)).toContain('data-testid="warn-expired"');
  });

  it('a licence expiring within 30 days shows a warning on /user and does not block', async () => {
    const { m } = await approvedMember(isoDay(12));
    const html = String((await m.client.get('/user')).body);
    expect(html).toContain('data-testid="warn-expiring"');
    expect(html).toMatch(/还剩1[12]天/);
    expect(html).not.toContain('data-testid="warn-expired"');
    // The approval reached the member's (cached) session at once: no "审核中" notice any more.
    expect(html).not.toContain('data-testid="warn-review"');
    expect((await m.client.get('/api/user/zizhi')).body.data.is_passed).toBe(true);
    const goods = (await m.client.get('/api/goods/list', { per_page: 5 })).body.data;
    for (const g of goods) expect(g.reason ?? '').not.toMatch(/资质/);
  });
});

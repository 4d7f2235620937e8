import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/http.ts';
import { freshBuyer } from '../support/backoffice.ts';
import { registerMember } from '../support/members.ts';
import { addBuyable, submissionKey } from '../support/shop.ts';
import { staffLogin } from '../support/staff.ts';

// Coupon templates with a scope (指定商品 / 分类 / 品牌): only the goods in scope count toward the
// threshold at checkout and when the order is placed. Goods ids 580–599 are this file’s.

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const fen = (yuan: string) => Math.round(Number(yuan) * 100);
const yuan = (f: number) => (f / 100).toFixed(2);
const P = '/api/admin/promotions/coupons';
let merch: Client;
beforeAll(async () => {
  merch = await staffLogin('merchandiser');
});

const template = (over: Record<string, unknown>) => ({
  name: `范围券${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`,
  amount: '1',
  threshold: '2',
  valid_days: 7,
  starts_at: at(-1),
  ends_at: at(1),
  ...over,
});

/** An approved buyer that claimed a coupon of a new template with these terms. */
async function buyerWithCoupon(over: Record<string, unknown>) {
  const made = await merch.post(P, template(over));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const c = await freshBuyer();
  const claimed = await c.post('/api/coupon/receive', { id: made.body.data.id });
  expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
  return c;
}

async function twoLines(c: Client) {
  const a = await addBuyable(c, 580, 1);
  const b = await addBuyable(c, a.goods.id + 1, 1);
  return [a, b];
}

const offered = async (c: Client, ids: number[]) => {
  const res = await c.post('/api/cart/checkout', { ids });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('coupon scope', () => {
  it('指定商品: only the chosen goods count toward the threshold, at checkout and when ordering', async () => {
    // A first buyer just to learn two buyable goods and their amounts.
    const [a] = await twoLines(await freshBuyer());
    const threshold = fen(a.amount) + 1; // goods A alone falls one fen short; A + B is enough

    const m = await buyerWithCoupon({
      scope: 'goods',
      scope_ids: String(a.goods.id),
      threshold: yuan(threshold),
      amount: '0.50',
    });
    const [la, lb] = await twoLines(m);
    const ids = [la.id, lb.id];
    const data = await offered(m, ids);
    const coupon = data.coupons.find((c: any) => c.threshold === yuan(threshold));
    expect(coupon).toMatchObject({ usable: false, scope_text: '限指定商品（1种）' });
    // Placing the order with it anyway is refused with the reason.
    const placed = await m.post('/api/order', {
      key: submissionKey(),
      ids,
      coupon_id: coupon.id,
    });
    expect(placed.status).toBe(422);
    expect(placed.body.message).toBe(`适用商品未满${yuan(threshold)}元，不能使用该优惠券`);
  });

  it('分类 (with subcategories) and 品牌: the goods under them count; the coupon applies', async () => {
    const [a, b] = await twoLines(await freshBuyer());
    const ga = (await merch.get(`/api/admin/goods/${a.goods.id}`)).body.data;
    const gb = (await merch.get(`/api/admin/goods/${b.goods.id}`)).body.data;
    const cats = (await merch.get('/api/admin/categories')).body.data as any[];
    const parentOf = (id: number) => cats.find((c) => c.id === id)?.parentId ?? id;
    const total = fen(a.amount) + fen(b.amount);

    // Scope: the top categories of A and B (the goods sit in subcategories): both count.
    const m = await buyerWithCoupon({
      scope: 'categories',
      scope_ids: [...new Set([parentOf(ga.category_id), parentOf(gb.category_id)])].join(','),
      threshold: yuan(total),
      amount: '0.10',
    });
    const [la, lb] = await twoLines(m);
    const data = await offered(m, [la.id, lb.id]);
    const coupon = data.coupons.find((c: any) => c.threshold === yuan(total));
    expect(coupon.usable).toBe(true);
    expect(coupon.scope_text).toMatch(/^限分类：/);
    const priced = await m.post('/api/cart/checkout', {
      ids: [la.id, lb.id],
      coupon_id: coupon.id,
    });
    expect(priced.body.data.totals.coupon_amount).toBe('0.10');

    // A brand scope: the branded goods alone meets a threshold of its own amount.
    let branded: any = null;
    for (let id = 580; id < 600 && !branded; id++) {
      const g = (await merch.get(`/api/admin/goods/${id}`)).body.data;
      if (g?.brand_id) branded = g;
    }
    expect(branded, 'a branded goods among 580–599').toBeTruthy();
    const m2 = await freshBuyer();
    const line = await addBuyable(m2, branded.id, 1, () => true, 1);
    const made = await merch.post(
      P,
      template({
        scope: 'brands',
        scope_ids: String(branded.brand_id),
        threshold: line.amount,
        amount: '0.10',
      }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await m2.post('/api/coupon/receive', { id: made.body.data.id })).status).toBe(201);
    const c2 = (await offered(m2, [line.id])).coupons.find((c: any) => c.threshold === line.amount);
    expect(c2.usable).toBe(true);
    expect(c2.scope_text).toMatch(/^限品牌：/);
  });

  it('the coupon centre and the desk say the scope; bad scopes are refused in Chinese', async () => {
    const made = await merch.post(P, template({ scope: 'goods', scope_ids: '580,581' }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const m = await registerMember();
    const centre = (await m.client.get('/api/coupon/center')).body.data.find(
      (t: any) => t.id === made.body.data.id,
    );
    expect(centre).toMatchObject({ scope: 'goods', scope_text: '限指定商品（2种）' });
    const desk = (await merch.get(P)).body.data.find((t: any) => t.id === made.body.data.id);
    expect(desk).toMatchObject({ scope: 'goods', scope_ids: [580, 581] });

    const cases: [Record<string, unknown>, string][] = [
      [{ scope: 'goods', scope_ids: '' }, '请填写适用的商品、分类或品牌编号'],
      [{ scope: 'goods', scope_ids: '580,1999999999' }, '商品编号不存在：1999999999'],
      [{ scope: 'brands', scope_ids: '1999999999' }, '品牌编号不存在：1999999999'],
      [{ scope: 'categories', scope_ids: 'x' }, '编号不正确'],
      [{ scope: 'shop' }, '适用范围不正确'],
      [
        { kind: 'cash', threshold: '0', scope: 'goods', scope_ids: '580' },
        '现金券适用全部商品，不能限定范围',
      ],
      [{ amount: '2', threshold: '2' }, '优惠券面额须小于使用门槛'],
    ];
    for (const [over, message] of cases) {
      const res = await merch.post(P, template(over));
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(res.body.message, JSON.stringify(over)).toBe(message);
    }
  });

  it('现金券 (cash vouchers) are templates of their own kind: claimed into /xjq, offered at checkout, never limited', async () => {
    const made = await merch.post(P, template({ kind: 'cash', amount: '3', threshold: '0' }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const buyer = await freshBuyer();
    const centre = (await buyer.get('/api/coupon/center')).body.data.find(
      (t: any) => t.id === made.body.data.id,
    );
    expect(centre).toMatchObject({ kind: 'cash', amount: '3.00', scope_text: '全场通用' });
    expect((await buyer.post('/api/coupon/receive', { id: made.body.data.id })).status).toBe(201);
    const wallet = (await buyer.get('/api/user/coupon', { type: 2, status: 1 })).body.data;
    const voucher = wallet.find((c: any) => c.amount === '3.00' && c.kind === 'cash');
    expect(voucher).toBeTruthy();
    const [line] = await twoLines(buyer);
    const data = await offered(buyer, [line.id]);
    expect(data.cash_vouchers.map((v: any) => v.id)).toContain(voucher.id);
    const priced = await buyer.post('/api/cart/checkout', {
      ids: [line.id],
      cash_voucher_id: voucher.id,
    });
    expect(priced.body.data.totals.cash_voucher_amount).toBe('3.00');
  });
});

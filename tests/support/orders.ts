// Orders for the back-office API tests: goods chosen by their catalogue facts, orders placed and
// paid by balance as a buyer would, traceability codes no other test has used.
import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { Client } from './http.ts';
import { submissionKey } from './shop.ts';

/** The first goods from `from` up to `to` (exclusive) whose detail satisfies `pred`. */
export async function findGoods(
  c: Client,
  from: number,
  to: number,
  pred: (g: any) => boolean,
): Promise<any> {
  for (let id = from; id < to; id++) {
    const r = await c.get(`/api/goods/detail/${id}`);
    if (r.status === 200 && pred(r.body.data)) return r.body.data;
  }
  throw new Error(`no goods in ${from}–${to} as wanted`);
}

/** Sellable at any quantity, without pack multiples, 含麻 limits or gifts. */
export const plainGoods = (g: any) =>
  g.is_buy &&
  !g.is_ephedrine &&
  !g.must_multiple &&
  g.purchase_limit === 0 &&
  g.gifts.length === 0 &&
  g.number >= 30;
export const isDrug = (g: any) => ['rx', 'otc_a', 'otc_b'].includes(g.drug_class);

/** Places an order of `number` units of the goods (as its own cart line); answers the order id. */
export async function placeOrder(c: Client, goodsId: number, number: number): Promise<number> {
  const add = await c.post('/api/cart', { params: [{ goods_id: goodsId, number }] });
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  const list = await c.get('/api/cart/list');
  const line = list.body.data.data.find((l: any) => l.goods.id === goodsId && !l.goods_price_id);
  const placed = await c.post('/api/order', { key: submissionKey(), ids: [line.id] });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.data.order_ids[0];
}

export async function paidOrder(c: Client, goodsId: number, number: number): Promise<number> {
  const id = await placeOrder(c, goodsId, number);
  const paid = await c.post('/api/pay/balance', { order_id: id });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return id;
}

let seq = 0;
const run = `${Date.now()}`.slice(-7) + String(randomInt(0, 100_000)).padStart(5, '0');
/** `n` 20-digit codes never handed out before in this run. */
export const freshCodes = (n: number): string[] =>
  Array.from({ length: n }, () => `${run}${String(seq++).padStart(8, '0')}`);

/** The ship form for the order as the desk shows it: every line in full from its reserved lot. */
export function shipAll(order: any, codesOf: (line: any) => string[] = () => []) {
  return {
    carrier: '顺丰速运',
    tracking_no: `SF${Date.now()}`,
    lines: order.lines
      .filter((l: any) => l.left > 0)
      .map((l: any) => ({
        id: l.id,
        number: l.left,
        ...(l.is_gift ? {} : { lot_id: l.reserved[0].lot_id }),
        codes: codesOf(l),
      })),
  };
}

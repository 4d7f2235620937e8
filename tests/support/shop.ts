import { expect } from 'vitest';
import { Client } from './http.ts';

export async function login(username: string): Promise<Client> {
  const c = new Client();
  const res = await c.post('/api/login', { username, password: 'yaopi2026' });
  expect(res.status).toBe(200);
  return c;
}

let keySeq = 0;
/** A client-generated submission key, as the checkout page makes one per confirm screen. */
export const submissionKey = () =>
  `t${process.pid}${Date.now().toString(36)}${(keySeq++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/**
 * Adds `number` of the first goods from `from` upward that this member may buy and that is not
 * 含麻 and has no pack multiple (so quantities stay as asked); answers the cart line. Each test file uses its own id range so files do not share lines.
 */
export async function addBuyable(
  c: Client,
  from: number,
  number = 1,
  pred: (g: any) => boolean = (g) => !g.is_ephedrine && !g.must_multiple,
  span = 60,
): Promise<any> {
  for (let id = from; id < from + span; id++) {
    const res = await c.post('/api/cart', { params: [{ goods_id: id, number }] });
    if (res.status !== 200) continue;
    const list = await c.get('/api/cart/list');
    const line = list.body.data.data.find((l: any) => l.goods.id === id);
    if (line && pred(line.goods)) return line;
    if (line) await c.post('/api/cart/batch_delete', { ids: [line.id] });
  }
  throw new Error(`no buyable goods from ${from}`);
}

// Back-office API test helpers: stores of their own that can order and pay, orders paid by each
// way, a shipment made directly (shipping is another screen), and return requests.
import { expect } from 'vitest';
import type { Client } from './http.ts';
import { IpClient, registerMember } from './members.ts';
import { addBuyable, submissionKey } from './shop.ts';
import { reviewLicence } from './staff.ts';

/** The first bytes of a PNG: enough for the upload checks, which judge files by content. */
export const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const inDays = (n: number) =>
  new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

/** A new pharmacy whose licence the reviewer approved, with a balance and a credit limit (fen). */
export async function freshBuyer(
  money: { balance?: number; creditLimit?: number } = {},
  registration: Record<string, string> = {},
): Promise<IpClient> {
  const m = await registerMember(registration);
  const form = new FormData();
  form.set('type', 'drug_trade');
  form.set('number', '鄂AA0271313');
  form.set('expires_on', inDays(300));
  form.set('file', new Blob([Buffer.from(PNG)], { type: 'image/png' }), 'licence.png');
  const up = await m.client.request('POST', '/api/user/zizhi', { body: form });
  expect(up.status).toBe(201);
  expect((await reviewLicence(up.body.data.id)).status).toBe(200);
  // An approved store signs the e-contract before its first order (SPEC §8, 459).
  expect((await m.client.post('/api/user/contract', { agree: '1', signer: '张三' })).status).toBe(
    200,
  );
  const address = await m.client.post('/api/user/address', {
    consignee: '张三',
    phone: '13800138000',
    province: '湖北省',
    city: '武汉市',
    district: '洪山区',
    detail: '珞喻路 1 号',
    is_default: '1',
  });
  expect(address.status, JSON.stringify(address.body)).toBe(201);
  const funded = await m.client.post('/api/dev/wallet', {
    balance: money.balance ?? 0,
    credit_limit: money.creditLimit ?? 0,
  });
  expect(funded.status).toBe(200);
  return m.client;
}

/**
 * Places an order of `number` units of the first buyable goods from `from` with that stock at the
 * full price (near-expiry lots the zone discounts do not count); answers it.
 */
export async function placeOrder(c: Client, from: number, number = 3): Promise<any> {
  const line = await addBuyable(
    c,
    from,
    number,
    (g) => !g.is_ephedrine && !g.must_multiple && g.number >= number,
  );
  const placed = await c.post('/api/order', { key: submissionKey(), ids: [line.id] });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return (await c.get(`/api/order/${placed.body.data.order_ids[0]}`)).body.data;
}

export type PayWay = 'balance' | 'credit' | 'transfer';

/** Pays the order; a transfer is confirmed by `finance`. Answers the order as the buyer sees it. */
export async function pay(c: Client, order: any, way: PayWay, finance?: Client): Promise<any> {
  if (way === 'balance')
    expect((await c.post('/api/pay/balance', { order_id: order.id })).status).toBe(200);
  else if (way === 'credit')
    expect((await c.post('/api/pay/user_credit_pay', { order_id: order.id })).status).toBe(200);
  else {
    const t = await c.post('/api/pay/transfer', { order_id: order.id });
    expect(t.status).toBe(200);
    const ok = await finance!.post(`/api/admin/payments/${t.body.data.payment_id}/confirm`, {
      amount: t.body.data.amount,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  }
  const paid = (await c.get(`/api/order/${order.id}`)).body.data;
  expect(paid.status).toBe('paid');
  return paid;
}

/** Ships the paid order whole from its reserved lots (test hook). */
export async function ship(c: Client, orderId: number): Promise<void> {
  const res = await c.post('/api/dev/ship', { order_id: orderId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Asks to return `number` units of the order's first line; answers the request id. */
export async function askReturn(c: Client, order: any, number: number): Promise<number> {
  const res = await c.post(`/api/order/${order.id}/return`, {
    kind: 'return',
    reason: '包装破损，申请退货',
    lines: [{ id: order.lines[0].id, number }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.returns.at(-1).id;
}

/** The store's wallet in fen and points, as GET /api/user/user_money shows it. */
export async function wallet(c: Client) {
  const w = (await c.get('/api/user/user_money')).body.data;
  return {
    balance: fen(w.money),
    creditUsed: fen(w.credit_used),
    points: w.points as number,
  };
}

/** "12.30" → 1230 */
export const fen = (yuan: string) => Math.round(Number(yuan) * 100);

/** Titles of the store login's messages (/wdxx), newest first. */
export async function messageTitles(c: Client): Promise<string[]> {
  const res = await c.get('/api/user/messages', { per_page: 50 });
  return res.body.data.map((m: any) => m.title);
}

/** The store's ledger rows of one account (1 balance, 2 credit, 3 points), newest first. */
export async function ledger(c: Client, type: 1 | 2 | 3 = 1): Promise<any[]> {
  return (await c.get('/api/user/user_money_log', { use_type: type, per_page: 50 })).body.data;
}

/** The audit actions recorded for one record, oldest first (needs an admin client). */
export async function auditActions(admin: Client, entity: string, id: number): Promise<string[]> {
  const res = await admin.get('/api/admin/audit', { entity, entity_id: id, limit: 200 });
  return res.body.data.rows.map((r: any) => r.action).reverse();
}

/** The id of the buyer's current store. */
export async function companyIdOf(c: Client): Promise<number> {
  const stores = (await c.get('/api/user/stores')).body.data;
  return stores.find((s: any) => s.is_current).id;
}

/** Approves a pending return as asked and receives every unit back; answers its return lines. */
export async function approveAndReceive(
  reviewer: Client,
  warehouse: Client,
  returnId: number,
  how: 'received' | 'written_off' = 'received',
): Promise<any[]> {
  const approved = await reviewer.post(`/api/admin/returns/${returnId}/review`, {
    decision: 'approve',
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const lines = approved.body.data.lines;
  const got = await warehouse.post(`/api/admin/returns/${returnId}/receive`, {
    lines: lines.map((l: any) => ({ id: l.id, [how]: l.approved_number })),
  });
  expect(got.status, JSON.stringify(got.body)).toBe(200);
  return lines;
}

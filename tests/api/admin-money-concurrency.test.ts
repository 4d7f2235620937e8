// Two staff acting on the same money at once: one wins, the other gets a clear 409, nothing is
// doubled. On PostgreSQL these are real concurrent transactions; on PGlite (one connection) the
// same calls are serialised and the same outcome must hold.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/http.ts';
import { staffLogin } from '../support/staff.ts';
import {
  approveAndReceive,
  askReturn,
  fen,
  freshBuyer,
  ledger,
  pay,
  placeOrder,
  wallet,
} from '../support/backoffice.ts';

/** This file's goods ids (other files use other ranges). */
const GOODS_FROM = 220;

let finance: Client;
let admin: Client;
let reviewer: Client;
let warehouse: Client;
beforeAll(async () => {
  [finance, admin, reviewer, warehouse] = await Promise.all([
    staffLogin('finance'),
    staffLogin('admin'),
    staffLogin('reviewer'),
    staffLogin('warehouse'),
  ]);
});

const statuses = (rs: { status: number }[]) => rs.map((r) => r.status).sort();

describe('money under concurrency', () => {
  it('two finance staff refunding the same return: one refund, the other 409', async () => {
    const buyer = await freshBuyer({ balance: 10_000_000 });
    const order = await placeOrder(buyer, GOODS_FROM, 2);
    const paid = await pay(buyer, order, 'balance');
    const returnId = await askReturn(buyer, paid, 2);
    await approveAndReceive(reviewer, warehouse, returnId);
    const before = await wallet(buyer);
    const results = await Promise.all([
      finance.post(`/api/admin/returns/${returnId}/refund`),
      admin.post(`/api/admin/returns/${returnId}/refund`),
    ]);
    expect(statuses(results)).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.message).toBe('该申请已退款');
    const winner = results.find((r) => r.status === 200)!;
    expect(winner.body.data.refunds).toHaveLength(1);
    const paidFen = fen(paid.lines[0].amount) - fen(paid.lines[0].discount);
    expect((await wallet(buyer)).balance).toBe(before.balance + paidFen);
    const refunds = (await ledger(buyer)).filter(
      (r: any) => r.kind === 'order_refund' && r.order_id === order.id,
    );
    expect(refunds).toHaveLength(1);
  });

  it('two finance staff confirming the same transfer: the order is paid once, the other 409', async () => {
    const buyer = await freshBuyer();
    const order = await placeOrder(buyer, GOODS_FROM + 10, 2);
    const t = (await buyer.post('/api/pay/transfer', { order_id: order.id })).body.data;
    const results = await Promise.all([
      finance.post(`/api/admin/payments/${t.payment_id}/confirm`, { amount: t.amount }),
      admin.post(`/api/admin/payments/${t.payment_id}/confirm`, { amount: t.amount }),
    ]);
    expect(statuses(results)).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe('该转账已处理');
    const seen = (await buyer.get(`/api/order/${order.id}`)).body.data;
    expect(seen.status).toBe('paid');
    const rows = (await ledger(buyer)).filter((r: any) => r.order_id === order.id);
    expect(rows.map((r: any) => r.kind)).toEqual(['order_pay', 'transfer_in']);
    expect((await wallet(buyer)).points).toBe(Math.floor(fen(t.amount) / 100));
  });

  it('a confirm racing a reject of the same transfer: exactly one decision stands', async () => {
    const buyer = await freshBuyer();
    const order = await placeOrder(buyer, GOODS_FROM + 20, 1);
    const t = (await buyer.post('/api/pay/transfer', { order_id: order.id })).body.data;
    const results = await Promise.all([
      finance.post(`/api/admin/payments/${t.payment_id}/confirm`, { amount: t.amount }),
      admin.post(`/api/admin/payments/${t.payment_id}/reject`, { reason: '未查到该笔转账' }),
    ]);
    expect(statuses(results)).toEqual([200, 409]);
    const seen = (await buyer.get(`/api/order/${order.id}`)).body.data;
    const confirmed = results[0]!.status === 200;
    expect(seen.status).toBe(confirmed ? 'paid' : 'unpaid');
    expect(seen.payments[0].status).toBe(confirmed ? 'succeeded' : 'failed');
  });
});

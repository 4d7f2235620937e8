// The returns queue end to end: decide (quantities reduced), receive back into the lot, refund
// the paid amount the way the money came; wrong states, over-receiving and unknown ids refused.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/http.ts';
import { staffLogin } from '../support/staff.ts';
import {
  approveAndReceive,
  askReturn,
  companyIdOf,
  auditActions,
  fen,
  freshBuyer,
  ledger,
  messageTitles,
  PNG,
  pay,
  placeOrder,
  ship,
  wallet,
} from '../support/backoffice.ts';

/** This file's goods ids (other files use other ranges). */
const GOODS_FROM = 120;

let reviewer: Client;
let warehouse: Client;
let finance: Client;
let admin: Client;
beforeAll(async () => {
  [reviewer, warehouse, finance, admin] = await Promise.all([
    staffLogin('reviewer'),
    staffLogin('warehouse'),
    staffLogin('finance'),
    staffLogin('admin'),
  ]);
});

const UNKNOWN = 2_147_483_000;

describe('a return of a balance-paid, shipped order', () => {
  it('is approved for fewer units, received into its lot, refunded to the balance once', async () => {
    const buyer = await freshBuyer({ balance: 10_000_000 });
    const order = await placeOrder(buyer, GOODS_FROM, 3);
    const paid = await pay(buyer, order, 'balance');
    await ship(buyer, order.id);
    const before = await wallet(buyer);
    const returnId = await askReturn(buyer, paid, 2);

    const queue = await reviewer.get('/api/admin/returns', { status: 'pending', per_page: 100 });
    expect(queue.status).toBe(200);
    const row = queue.body.data.find((r: any) => r.id === returnId);
    expect(row).toMatchObject({
      status: 'pending',
      kind: 'return',
      order: { id: order.id, no: order.no },
      lines: [{ number: 2, approved_number: null, bought: 3 }],
    });

    // Wrong states before the decision.
    expect((await warehouse.post(`/api/admin/returns/${returnId}/receive`, {})).status).toBe(409);
    expect((await finance.post(`/api/admin/returns/${returnId}/refund`)).status).toBe(409);

    const lineId = row.lines[0].id;
    const tooMany = await reviewer.post(`/api/admin/returns/${returnId}/review`, {
      decision: 'approve',
      lines: [{ id: lineId, number: 3 }],
    });
    expect(tooMany.status).toBe(422);
    const none = await reviewer.post(`/api/admin/returns/${returnId}/review`, {
      decision: 'approve',
      lines: [{ id: lineId, number: 0 }],
    });
    expect(none.status).toBe(422);
    const approved = await reviewer.post(`/api/admin/returns/${returnId}/review`, {
      decision: 'approve',
      lines: [{ id: lineId, number: 1 }],
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      lines: [{ approved_number: 1 }],
    });
    expect(
      (
        await reviewer.post(`/api/admin/returns/${returnId}/review`, {
          decision: 'reject',
          reason: '重复审核',
        })
      ).status,
    ).toBe(409);

    const seen = (await buyer.get(`/api/order/${order.id}`)).body.data;
    expect(seen.returns.at(-1)).toMatchObject({
      status: 'approved',
      lines: [{ approved_number: 1 }],
    });
    expect(seen.lines[0].returned).toBe(1);
    expect(await messageTitles(buyer)).toContain('退货申请已同意');

    // Receiving: more than approved is refused, an unknown line too.
    const over = await warehouse.post(`/api/admin/returns/${returnId}/receive`, {
      lines: [{ id: lineId, received: 1, written_off: 1 }],
    });
    expect(over.status).toBe(422);
    const stranger = await warehouse.post(`/api/admin/returns/${returnId}/receive`, {
      lines: [{ id: UNKNOWN, received: 1 }],
    });
    expect(stranger.status).toBe(422);
    const stockBefore = (await buyer.get(`/api/order/${order.id}`)).body.data;
    const received = await warehouse.post(`/api/admin/returns/${returnId}/receive`, {
      lines: [{ id: lineId, received: 1, written_off: 0 }],
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const paidFen = fen(paid.lines[0].amount) - fen(paid.lines[0].discount);
    const due = Math.floor(paidFen / 3);
    expect(received.body.data).toMatchObject({
      status: 'received',
      lines: [{ received_number: 1, written_off_number: 0 }],
      refund_due: (due / 100).toFixed(2),
    });
    expect(
      (
        await warehouse.post(`/api/admin/returns/${returnId}/receive`, {
          lines: [{ id: lineId, received: 1 }],
        })
      ).status,
    ).toBe(409);
    // The unit went back into the lot the line was shipped from.
    const receipt = (
      await admin.get('/api/admin/audit', { entity: 'return', entity_id: returnId })
    ).body.data.rows.find((r: any) => r.action === 'return.receive');
    expect(receipt.after.lines[0].lots).toEqual([
      { lotId: stockBefore.lines[0].lots[0].lot_id, number: 1 },
    ]);

    const refunded = await finance.post(`/api/admin/returns/${returnId}/refund`);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.data.status).toBe('refunded');
    expect(refunded.body.data.refunds).toMatchObject([
      { method: 'balance', amount: (due / 100).toFixed(2), status: 'succeeded' },
    ]);
    expect((await finance.post(`/api/admin/returns/${returnId}/refund`)).status).toBe(409);

    const after = await wallet(buyer);
    expect(after.balance).toBe(before.balance + due);
    // Points follow what is still paid: one per whole yuan of it.
    const keep = Math.floor((fen(paid.payable_amount) - due) / 100);
    expect(before.points - after.points).toBe(Math.floor(fen(paid.payable_amount) / 100) - keep);
    const rows = await ledger(buyer);
    expect(rows[0]).toMatchObject({
      kind: 'order_refund',
      direction: 1,
      amount: (due / 100).toFixed(2),
    });
    const points = await ledger(buyer, 3);
    expect(points[0]).toMatchObject({ kind: 'points_refund', direction: -1 });

    const mine = (await buyer.get(`/api/order/${order.id}`)).body.data;
    expect(mine.returns.at(-1)).toMatchObject({
      status: 'refunded',
      refunds: [{ method: 'balance', status: 'succeeded', amount: (due / 100).toFixed(2) }],
    });
    expect(await messageTitles(buyer)).toEqual(
      expect.arrayContaining(['退货商品已收到', '退款已到账']),
    );
    const page = await buyer.get(`/order/returnInfo/${order.id}`);
    expect(String(page.body)).toContain('已退款');
    expect(String(page.body)).toContain('data-testid="return-refund"');

    expect(await auditActions(admin, 'return', returnId)).toEqual([
      'return.approve',
      'return.receive',
      'return.refund',
    ]);
    expect(await auditActions(admin, 'order', order.id)).toContain('order.refund');
  });

  it('a rejection carries its reason to the buyer, and the units may be asked again', async () => {
    const buyer = await freshBuyer({ balance: 10_000_000 });
    const order = await placeOrder(buyer, GOODS_FROM + 10, 2);
    const paid = await pay(buyer, order, 'balance');
    const returnId = await askReturn(buyer, paid, 2);
    const noReason = await reviewer.post(`/api/admin/returns/${returnId}/review`, {
      decision: 'reject',
    });
    expect(noReason.status).toBe(422);
    const bad = await reviewer.post(`/api/admin/returns/${returnId}/review`, { decision: 'maybe' });
    expect(bad.status).toBe(422);
    const rejected = await reviewer.post(`/api/admin/returns/${returnId}/review`, {
      decision: 'reject',
      reason: '商品已拆封，不符合退货条件',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reject_reason: '商品已拆封，不符合退货条件',
    });
    expect((await warehouse.post(`/api/admin/returns/${returnId}/receive`, {})).status).toBe(409);
    expect((await finance.post(`/api/admin/returns/${returnId}/refund`)).status).toBe(409);
    const seen = (await buyer.get(`/api/order/${order.id}`)).body.data;
    expect(seen.returns[0]).toMatchObject({
      status: 'rejected',
      reject_reason: '商品已拆封，不符合退货条件',
    });
    expect(seen.lines[0].returned).toBe(0);
    expect(await messageTitles(buyer)).toContain('退货申请未通过');
    const html = String((await buyer.get(`/order/returnInfo/${order.id}`)).body);
    expect(html).toContain('商品已拆封，不符合退货条件');
    expect(await auditActions(admin, 'return', returnId)).toEqual(['return.reject']);
    // Asked again after the rejection: a new request of the same units is accepted.
    await askReturn(buyer, paid, 2);
  });

  it('shows the buyer’s photos to the staff working the queue, nobody else', async () => {
    const buyer = await freshBuyer({ balance: 10_000_000 });
    const order = await placeOrder(buyer, GOODS_FROM + 40, 1);
    const paid = await pay(buyer, order, 'balance');
    const form = new FormData();
    form.set('kind', 'after_sales');
    form.set('reason', '药品有破损');
    form.set('lines[0][id]', String(paid.lines[0].id));
    form.set('lines[0][number]', '1');
    form.append('photos', new Blob([Buffer.from(PNG)], { type: 'image/png' }), 'a.png');
    const asked = await buyer.request('POST', `/api/order/${order.id}/return`, { body: form });
    expect(asked.status).toBe(201);
    const request = asked.body.data.returns[0];
    const listed = (
      await warehouse.get('/api/admin/returns', { status: 'pending', per_page: 100 })
    ).body.data.find((r: any) => r.id === request.id);
    expect(listed).toMatchObject({ kind: 'after_sales', kind_text: '售后' });
    const url = listed.photos[0].url;
    expect(url).toBe(`/api/admin/returns/${request.id}/photos/${request.photos[0].id}`);
    const got = await reviewer.request('GET', url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect((await buyer.get(url)).status).toBe(401);
    expect((await (await staffLogin('editor')).get(url)).status).toBe(403);
    expect(
      (await reviewer.get(`/api/admin/returns/${request.id}/photos/${'b'.repeat(32)}.png`)).status,
    ).toBe(404);
    expect((await reviewer.get(`/api/admin/returns/${request.id}/photos/..%2F..%2Fx`)).status).toBe(
      404,
    );
  });

  it('answers 404 for unknown returns and 422 for malformed ids', async () => {
    expect(
      (await reviewer.post(`/api/admin/returns/${UNKNOWN}/review`, { decision: 'approve' })).status,
    ).toBe(404);
    expect((await warehouse.post(`/api/admin/returns/${UNKNOWN}/receive`, {})).status).toBe(404);
    expect((await finance.post(`/api/admin/returns/${UNKNOWN}/refund`)).status).toBe(404);
    expect((await finance.post('/api/admin/returns/abc/refund')).status).toBe(422);
    expect((await reviewer.get('/api/admin/returns', { status: 'nope' })).status).toBe(422);
  });
});

describe('refunds go back the way the money came', () => {
  it('credit: the credit used and the bill go down; what was already repaid goes to the balance', async () => {
    const buyer = await freshBuyer({ creditLimit: 5_000_000 });
    const order = await placeOrder(buyer, GOODS_FROM + 20, 2);
    const paid = await pay(buyer, order, 'credit');
    const payable = fen(paid.payable_amount);
    expect((await wallet(buyer)).creditUsed).toBe(payable);
    const paidFen = fen(paid.lines[0].amount) - fen(paid.lines[0].discount);

    const first = await askReturn(buyer, paid, 1);
    await approveAndReceive(reviewer, warehouse, first, 'written_off');
    const r1 = await finance.post(`/api/admin/returns/${first}/refund`);
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    const one = Math.floor(paidFen / 2);
    expect(r1.body.data.refunds).toMatchObject([
      { method: 'credit', amount: (one / 100).toFixed(2), status: 'succeeded' },
    ]);
    expect((await wallet(buyer)).creditUsed).toBe(payable - one);
    const bills = (await buyer.get('/api/user/user_credit_list', { type: 1 })).body.data;
    expect(bills.map((b: any) => fen(b.amount))).toEqual([payable - one]);
    expect((await ledger(buyer, 2))[0]).toMatchObject({ kind: 'order_refund', direction: -1 });

    // The store repays all of it by transfer; the second unit's refund then goes to the balance.
    const repay = await finance.post(`/api/admin/credit/${await companyIdOf(buyer)}/repay`, {
      amount: ((payable - one) / 100).toFixed(2),
      reference: 'HX20261123001',
    });
    expect(repay.status, JSON.stringify(repay.body)).toBe(200);
    expect((await wallet(buyer)).creditUsed).toBe(0);
    const balanceBefore = (await wallet(buyer)).balance;
    const second = await askReturn(buyer, paid, 1);
    await approveAndReceive(reviewer, warehouse, second);
    const r2 = await finance.post(`/api/admin/returns/${second}/refund`);
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    const rest = paidFen - one;
    expect(r2.body.data.refunds).toMatchObject([
      { method: 'balance', amount: (rest / 100).toFixed(2), status: 'succeeded' },
    ]);
    const after = await wallet(buyer);
    expect(after.balance).toBe(balanceBefore + rest);
    expect(after.creditUsed).toBe(0);
  });

  it('bank transfer: a refund finance pays out, then it shows in the ledger; twice is refused', async () => {
    const buyer = await freshBuyer();
    const order = await placeOrder(buyer, GOODS_FROM + 30, 2);
    const paid = await pay(buyer, order, 'transfer', finance);
    expect(paid.pay_method).toBe('transfer');
    await ship(buyer, order.id);
    const returnId = await askReturn(buyer, paid, 2);
    await approveAndReceive(reviewer, warehouse, returnId);
    const refunded = await finance.post(`/api/admin/returns/${returnId}/refund`);
    expect(refunded.status).toBe(200);
    const paidFen = fen(paid.lines[0].amount) - fen(paid.lines[0].discount);
    const [refund] = refunded.body.data.refunds;
    expect(refund).toMatchObject({
      method: 'transfer',
      status: 'pending',
      amount: (paidFen / 100).toFixed(2),
    });
    expect(await messageTitles(buyer)).toContain('退款处理中');

    const waiting = await finance.get('/api/admin/refunds', { status: 'waiting', per_page: 100 });
    expect(waiting.body.data.map((r: any) => r.id)).toContain(refund.id);
    expect((await warehouse.post(`/api/admin/refunds/${refund.id}/paid`)).status).toBe(403);
    const out = await finance.post(`/api/admin/refunds/${refund.id}/paid`, { note: 'ICBC-0001' });
    expect(out.status).toBe(200);
    expect(out.body.data.status).toBe('succeeded');
    expect((await finance.post(`/api/admin/refunds/${refund.id}/paid`)).status).toBe(409);
    expect((await finance.post(`/api/admin/refunds/${UNKNOWN}/paid`)).status).toBe(404);
    const rows = await ledger(buyer);
    expect(rows.slice(0, 2).map((r: any) => r.kind)).toEqual(['refund_out', 'order_refund']);
    expect(await messageTitles(buyer)).toContain('退款已到账');
    expect(await auditActions(admin, 'refund', refund.id)).toEqual(['refund.paid']);
  });
});

// 对公转账 from the buyer's choice to finance's decision, and credit bills: repayments by transfer
// and bills declared overdue (which block credit orders, the buyer-side rule).
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { staffLogin } from '../support/staff.ts';
import {
  auditActions,
  companyIdOf,
  fen,
  freshBuyer,
  ledger,
  messageTitles,
  pay,
  placeOrder,
  wallet,
} from '../support/backoffice.ts';

/** This file's goods ids (other files use other ranges). */
const GOODS_FROM = 170;
const UNKNOWN = 2_147_483_000;

let finance: Client;
let admin: Client;
beforeAll(async () => {
  [finance, admin] = await Promise.all([staffLogin('finance'), staffLogin('admin')]);
});

async function startTransfer(c: Client, orderId: number) {
  const res = await c.post('/api/pay/transfer', { order_id: orderId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('bank transfer (对公转账)', () => {
  it('gives the order one readable reference and the shop account; the order waits for finance', async () => {
    const buyer = await freshBuyer();
    const order = await placeOrder(buyer, GOODS_FROM, 2);
    expect((await new Client().post('/api/pay/transfer', { order_id: order.id })).status).toBe(401);
    const t = await startTransfer(buyer, order.id);
    expect(t.reference).toMatch(/^YP[A-HJ-NP-Z2-9]{8}$/);
    expect(t).toMatchObject({ status: 'pending', amount: order.payable_amount });
    expect(t.bank.account_no).not.toBe('');
    expect(Date.parse(t.deadline) - Date.parse(t.created_at)).toBe(3 * 86_400_000);
    expect((await startTransfer(buyer, order.id)).reference).toBe(t.reference);

    const seen = (await buyer.get(`/api/order/${order.id}`)).body.data;
    expect(seen).toMatchObject({
      status: 'unpaid',
      status_text: '等待财务确认',
      awaiting_transfer: true,
    });
    const list = (await buyer.get('/api/order', { type: 'unpaid' })).body.data;
    const rows = list.data ?? list.rows ?? list;
    expect(JSON.stringify(rows)).toContain('等待财务确认');
    const page = String((await buyer.get(`/cart/step3/${order.id}`)).body);
    expect(page).toContain(t.reference);
    expect(page).toContain('等待财务确认');

    // Another store's order is not found; a paid order has nothing to transfer.
    const other = await freshBuyer({ balance: 10_000_000 });
    expect((await other.post('/api/pay/transfer', { order_id: order.id })).status).toBe(404);
    const mine = await placeOrder(other, GOODS_FROM + 5, 1);
    await pay(other, mine, 'balance');
    expect((await other.post('/api/pay/transfer', { order_id: mine.id })).status).toBe(409);

    const found = await finance.get('/api/admin/payments', { status: 'pending', q: t.reference });
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject([
      { id: t.payment_id, reference: t.reference, amount: t.amount, order: { id: order.id } },
    ]);
  });

  it('finance confirms exactly the payable: partial or larger amounts are refused, twice is refused', async () => {
    const buyer = await freshBuyer();
    const order = await placeOrder(buyer, GOODS_FROM + 10, 3);
    const t = await startTransfer(buyer, order.id);
    const payable = fen(t.amount);
    const confirm = (amount: string) =>
      finance.post(`/api/admin/payments/${t.payment_id}/confirm`, { amount, note: '工行到账' });
    expect((await confirm(((payable - 1) / 100).toFixed(2))).status).toBe(422);
    expect((await confirm(((payable + 100) / 100).toFixed(2))).status).toBe(422);
    expect((await confirm('abc')).status).toBe(422);
    expect((await confirm('-1')).status).toBe(422);
    expect((await confirm('1.234')).status).toBe(422);
    expect((await finance.post(`/api/admin/payments/${t.payment_id}/confirm`, {})).status).toBe(
      422,
    );
    expect((await buyer.get(`/api/order/${order.id}`)).body.data.status).toBe('unpaid');

    const ok = await confirm(t.amount);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({
      status: 'succeeded',
      order_id: order.id,
      order_paid: true,
    });
    expect((await confirm(t.amount)).status).toBe(409);
    expect(
      (await finance.post(`/api/admin/payments/${t.payment_id}/reject`, { reason: '未到账' }))
        .status,
    ).toBe(409);

    const paid = (await buyer.get(`/api/order/${order.id}`)).body.data;
    expect(paid).toMatchObject({
      status: 'paid',
      pay_method: 'transfer',
      awaiting_transfer: false,
    });
    expect(paid.payments).toMatchObject([
      { method: 'transfer', status: 'succeeded', reference: t.reference },
    ]);
    const rows = await ledger(buyer);
    expect(rows.slice(0, 2).map((r: any) => [r.kind, r.direction, r.amount])).toEqual([
      ['order_pay', -1, t.amount],
      ['transfer_in', 1, t.amount],
    ]);
    const w = await wallet(buyer);
    expect(w).toMatchObject({ balance: 0, points: Math.floor(payable / 100) });
    expect(await messageTitles(buyer)).toContain('转账已确认到账');
    expect(await auditActions(admin, 'payment', t.payment_id)).toEqual(['payment.confirm']);
    const done = await finance.get('/api/admin/payments', { status: 'succeeded', q: order.no });
    expect(done.body.data[0]).toMatchObject({ id: t.payment_id, note: '工行到账' });
  });

  it('a rejected transfer leaves the order unpaid with the reason; money for a closed order goes to the balance', async () => {
    const buyer = await freshBuyer();
    const order = await placeOrder(buyer, GOODS_FROM + 20, 1);
    const t = await startTransfer(buyer, order.id);
    expect((await finance.post(`/api/admin/payments/${t.payment_id}/reject`, {})).status).toBe(422);
    const rejected = await finance.post(`/api/admin/payments/${t.payment_id}/reject`, {
      reason: '未查到该笔转账',
    });
    expect(rejected.status).toBe(200);
    const seen = (await buyer.get(`/api/order/${order.id}`)).body.data;
    expect(seen).toMatchObject({
      status: 'unpaid',
      status_text: '待付款',
      awaiting_transfer: false,
    });
    expect(seen.payments).toMatchObject([
      { method: 'transfer', status: 'failed', note: '未查到该笔转账' },
    ]);
    expect(await messageTitles(buyer)).toContain('转账未确认');
    expect(await auditActions(admin, 'payment', t.payment_id)).toEqual(['payment.reject']);

    // A new reference for a new attempt; the buyer then cancels, and the money arrives anyway.
    const again = await startTransfer(buyer, order.id);
    expect(again.reference).not.toBe(t.reference);
    expect((await buyer.post(`/api/order/${order.id}/cancel`)).status).toBe(200);
    const late = await finance.post(`/api/admin/payments/${again.payment_id}/confirm`, {
      amount: again.amount,
    });
    expect(late.status).toBe(200);
    expect(late.body.data.order_paid).toBe(false);
    expect((await buyer.get(`/api/order/${order.id}`)).body.data.status).toBe('cancelled');
    expect((await wallet(buyer)).balance).toBe(fen(again.amount));
    expect((await ledger(buyer))[0]).toMatchObject({ kind: 'transfer_in', direction: 1 });
  });

  it('refuses unknown payments and payments that are not transfers', async () => {
    const buyer = await freshBuyer({ balance: 10_000_000 });
    const order = await placeOrder(buyer, GOODS_FROM + 30, 1);
    const paid = await pay(buyer, order, 'balance');
    const balancePayment = paid.payments[0].id;
    for (const id of [UNKNOWN, balancePayment]) {
      expect(
        (await finance.post(`/api/admin/payments/${id}/confirm`, { amount: '1.00' })).status,
      ).toBe(404);
      expect(
        (await finance.post(`/api/admin/payments/${id}/reject`, { reason: '没有到账' })).status,
      ).toBe(404);
    }
    expect((await finance.get('/api/admin/payments', { status: 'nope' })).status).toBe(422);
  });
});

describe('the payments desk (/admin/payments)', () => {
  const references = (html: string) =>
    [...html.matchAll(/data-reference="(YP[A-Z0-9]+)"/g)].map((m) => m[1]);

  it('pages transfers 50 at a time, keeping the filter in its links', async () => {
    const all = async () => (await finance.get('/api/admin/payments', { per_page: 1 })).body.total;
    const buyer = await freshBuyer();
    for (let have = await all(); have <= 50; have++)
      await startTransfer(buyer, (await placeOrder(buyer, GOODS_FROM + 50, 1)).id);
    const total = await all();
    const pages = Math.ceil(total / 50);

    const first = await finance.get('/admin/payments', { status: 'all' });
    expect(first.status).toBe(200);
    const html = String(first.body);
    expect(html).toContain(`共 ${total} 笔`);
    expect(references(html)).toHaveLength(50);
    expect(html).toContain(`<span>1 / ${pages}</span>`);
    expect(html).toContain('href="/admin/payments?status=all&amp;q=&amp;page=2"');
    expect(html).not.toContain('上一页');

    const second = String((await finance.get('/admin/payments', { status: 'all', page: 2 })).body);
    expect(second).toContain(`<span>2 / ${pages}</span>`);
    expect(second).toContain('href="/admin/payments?status=all&amp;q=&amp;page=1"');
    const onSecond = references(second);
    expect(onSecond.length).toBeGreaterThan(0);
    expect(onSecond.filter((r) => references(html).includes(r))).toEqual([]);

    // A search finds one transfer: no pager. A page number that is not one is the first page.
    const one = String(
      (await finance.get('/admin/payments', { status: 'all', q: onSecond[0]! })).body,
    );
    expect(references(one)).toEqual([onSecond[0]]);
    expect(one).not.toContain('aria-label="分页"');
    const odd = String((await finance.get('/admin/payments', { status: 'all', page: 'x' })).body);
    expect(references(odd)).toEqual(references(html));
  });
});

describe('credit bills (账期)', () => {
  it('finance records repayments against the oldest bills and declares a bill overdue, which blocks credit orders', async () => {
    const buyer = await freshBuyer({ creditLimit: 5_000_000 });
    const companyId = await companyIdOf(buyer);
    const order = await placeOrder(buyer, GOODS_FROM + 40, 2);
    const paid = await pay(buyer, order, 'credit');
    const owed = fen(paid.payable_amount);

    const accounts = await finance.get('/api/admin/credit', { q: '测试大药房', per_page: 100 });
    expect(accounts.status).toBe(200);
    const mine = () =>
      finance
        .get('/api/admin/credit', { q: '测试大药房', per_page: 100 })
        .then((r) => r.body.data.find((a: any) => a.company.id === companyId));
    const account = await mine();
    expect(account).toMatchObject({ used: paid.payable_amount, overdue: false });
    const [bill] = account.bills;
    expect(bill).toMatchObject({ amount: paid.payable_amount, repaid: '0.00', status: 'open' });

    const repay = (amount: string, reference = 'HX0001') =>
      finance.post(`/api/admin/credit/${companyId}/repay`, { amount, reference });
    expect((await repay(((owed + 1) / 100).toFixed(2))).status).toBe(422);
    expect((await repay('0')).status).toBe(422);
    expect((await repay('1.00', '')).status).toBe(422);
    expect(
      (
        await finance.post(`/api/admin/credit/${UNKNOWN}/repay`, {
          amount: '1.00',
          reference: 'X1',
        })
      ).status,
    ).toBe(404);
    const part = await repay('1.00');
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect((await wallet(buyer)).creditUsed).toBe(owed - 100);
    expect((await ledger(buyer, 2))[0]).toMatchObject({
      kind: 'credit_repay',
      direction: -1,
      amount: '1.00',
    });
    expect(await messageTitles(buyer)).toContain('账期还款已到账');

    const overdue = await finance.post(`/api/admin/credit/bills/${bill.id}/overdue`);
    expect(overdue.status).toBe(200);
    expect(overdue.body.data.status).toBe('overdue');
    expect((await finance.post(`/api/admin/credit/bills/${bill.id}/overdue`)).status).toBe(409);
    expect((await finance.post(`/api/admin/credit/bills/${UNKNOWN}/overdue`)).status).toBe(404);
    expect((await mine()).overdue).toBe(true);
    expect(await messageTitles(buyer)).toContain('账期账单已逾期');

    const next = await placeOrder(buyer, GOODS_FROM + 45, 1);
    const check = (await buyer.post('/api/pay/user_credit_check', { order_id: next.id })).body.data;
    expect(check).toMatchObject({ usable: false, overdue: true, reason: '账期已逾期，请先还款' });
    expect((await buyer.post('/api/pay/user_credit_pay', { order_id: next.id })).status).toBe(409);

    // Repaid in full: credit orders are possible again, and a repaid bill cannot be declared overdue.
    expect((await repay(((owed - 100) / 100).toFixed(2), 'HX0002')).status).toBe(200);
    expect((await wallet(buyer)).creditUsed).toBe(0);
    expect(
      (await buyer.post('/api/pay/user_credit_check', { order_id: next.id })).body.data.usable,
    ).toBe(true);
    expect((await finance.post(`/api/admin/credit/bills/${bill.id}/overdue`)).status).toBe(409);
    expect(await auditActions(admin, 'company', companyId)).toEqual([
      'credit.repay',
      'credit.repay',
    ]);
    expect(await auditActions(admin, 'credit_bill', bill.id)).toEqual(['credit.overdue']);
  });
});

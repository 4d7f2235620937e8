// 数电票: finance uploads the invoice it issued on the tax platform to a shipped order (PDF or OFD
// by content), the buyer downloads that file from /dzfp; 待开票 until then. Goods ids 640–669 are
// this file's.
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '#/lib/staffRoles.ts';
import { Client } from '../support/http.ts';
import { registerMember } from '../support/members.ts';
import {
  approveAndReceive,
  askReturn,
  fen,
  freshBuyer,
  messageTitles,
  pay,
  placeOrder as placeBackofficeOrder,
  ship as shipByHook,
} from '../support/backoffice.ts';
import {
  findGoods,
  freshCodes,
  placeOrder as placeOrderOf,
  plainGoods,
  shipAll,
} from '../support/orders.ts';
import { login, submissionKey } from '../support/shop.ts';
import { staffLogin } from '../support/staff.ts';

const FROM = 640;
const TO = 670;
const PDF = `%PDF-1.7\n% 数电票 ${Date.now()}\n%%EOF\n`;
const pdfUrl = (text = PDF) =>
  `data:application/pdf;base64,${Buffer.from(text).toString('base64')}`;
const OFD = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.from('\0\0OFD.xml<ofd/>'),
]);
const ofdUrl = `data:application/octet-stream;base64,${OFD.toString('base64')}`;
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

const staff: Record<string, Client> = {};
let demo: Client;
beforeAll(async () => {
  for (const r of STAFF_ROLES) staff[r] = await staffLogin(r);
  demo = await login('demo');
});

async function paidSpecialOrder(): Promise<{ id: number; payable: string }> {
  const g = await findGoods(demo, FROM, TO, plainGoods);
  const add = await demo.post('/api/cart', { params: [{ goods_id: g.id, number: 2 }] });
  expect(add.status).toBe(200);
  const line = (await demo.get('/api/cart/list')).body.data.data.find(
    (l: any) => l.goods.id === g.id && !l.goods_price_id,
  );
  const placed = await demo.post('/api/order', {
    key: submissionKey(),
    ids: [line.id],
    invoice_type: 'special',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.data.order_ids[0];
  expect((await demo.post('/api/pay/balance', { order_id: id })).status).toBe(200);
  const info = await demo.get(`/api/user/invoice/${id}`);
  return { id, payable: info.body.data.amount };
}

/** The order's row on finance's invoice desk, read through every page of the list; none if absent. */
async function queued(fin: Client, orderId: number, state: 'to_issue' | 'to_correct' = 'to_issue') {
  for (let page = 1; ; page++) {
    const res = await fin.get('/api/admin/invoices', { state, page, per_page: 100 });
    expect(res.status).toBe(200);
    const row = res.body.data.find((r: any) => r.order_id === orderId);
    if (row || page >= res.body.last_page) return row;
  }
}

async function ship(id: number) {
  const wh = staff['warehouse']!;
  const order = (await wh.get(`/api/admin/orders/${id}`)).body.data;
  const res = await wh.post(
    `/api/admin/orders/${id}/ship`,
    shipAll(order, (l) => (l.needs_codes ? freshCodes(l.left) : [])),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const form = (payable: string, over: Record<string, string> = {}) => ({
  file: pdfUrl(),
  number: `2642${Date.now()}`.padEnd(20, '0').slice(0, 20),
  issued_on: today(),
  amount: payable,
  tax_amount: '1.50',
  ...over,
});

describe('who may upload and read invoices on the order desk', () => {
  const ENDPOINTS: [string, string, readonly string[]][] = [
    ['GET', '/api/admin/orders/999999/invoice', ['warehouse', 'finance', 'admin']],
    ['POST', '/api/admin/orders/999999/invoice', ['finance', 'admin']],
    ['GET', '/api/admin/orders/999999/invoice/file', ['warehouse', 'finance', 'admin']],
  ];
  it.each(ENDPOINTS)(
    '%s %s: 401 for buyers, 403 without the role',
    async (method, path, allowed) => {
      expect((await new Client().request(method, path)).status).toBe(401);
      expect((await demo.request(method, path)).status).toBe(401);
      for (const role of STAFF_ROLES) {
        const res = await staff[role]!.request(method, path);
        if (allowed.includes(role)) expect([404, 422], `${role} ${path}`).toContain(res.status);
        else expect(res.status, `${role} ${path}`).toBe(403);
      }
    },
  );
});

describe('an order invoice', () => {
  it('is 待开票 until finance uploads the file after shipping; then the store alone downloads it', async () => {
    const fin = staff['finance']!;
    const { id, payable } = await paidSpecialOrder();
    const pending = (await demo.get(`/api/user/invoice/${id}`)).body.data;
    expect(pending).toMatchObject({
      order_id: id,
      type: 'special',
      type_text: '增值税专用发票',
      status: 'pending',
      status_text: '待开票',
      invoice_no: null,
      tax_amount: null,
    });
    expect((await demo.get(`/api/user/invoice/${id}/download`)).status).toBe(409);

    // Not before shipping; never by the warehouse.
    const early = await fin.post(`/api/admin/orders/${id}/invoice`, form(payable));
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('订单发货后才能上传发票');
    await ship(id);
    expect(
      (await staff['warehouse']!.post(`/api/admin/orders/${id}/invoice`, form(payable))).status,
    ).toBe(403);

    // Bad files and figures: 422 with a reason, nothing changes.
    const bad: [Record<string, string>, string][] = [
      [
        {
          file: `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64')}`,
        },
        'file',
      ],
      [
        {
          file: `data:application/pdf;base64,${Buffer.from('<html>发票</html>').toString('base64')}`,
        },
        'file',
      ],
      [
        {
          file: `data:application/zip;base64,${Buffer.from('PK\x03\x04\0\0word/document.xml').toString('base64')}`,
        },
        'file',
      ],
      [{ file: 'not a data url' }, 'file'],
      [{ number: 'FP123' }, 'number'],
      [{ issued_on: '2026-02-30x' }, 'issued_on'],
      [{ issued_on: '2099-01-01' }, 'issued_on'],
      [{ tax_amount: payable }, 'tax_amount'],
      [{ amount: '99999999' }, 'amount'],
      [{ amount: '-1' }, 'amount'],
    ];
    for (const [over, field] of bad) {
      const res = await fin.post(`/api/admin/orders/${id}/invoice`, form(payable, over));
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    }

    // A 专用发票 needs the buyer's bank and address; the buyer keeps them on /dzfp.
    await demo.post('/api/user/invoice/profile', {
      title: '武汉仁心大药房',
      tax_no: '91420100MA4KXXXX1A',
    });
    const incomplete = await fin.post(`/api/admin/orders/${id}/invoice`, form(payable));
    expect(incomplete.status).toBe(409);
    expect(incomplete.body.message).toContain('开户银行');
    expect(
      (await demo.post('/api/user/invoice/profile', { title: '武', tax_no: 'x' })).status,
    ).toBe(422);
    const profile = await demo.post('/api/user/invoice/profile', {
      title: '武汉仁心大药房有限公司',
      tax_no: '91420100ma4kxxxx1a',
      bank: '招商银行武汉分行',
      account: '6225 8800 1234 5678',
      address_phone: '武汉市江汉区解放大道 1 号 027-88886666',
    });
    expect(profile.status).toBe(200);
    expect(profile.body.data.tax_no).toBe('91420100MA4KXXXX1A');
    expect((await demo.get('/api/user/invoice/profile')).body.data).toEqual(profile.body.data);

    const number = `2642000${Date.now()}`.slice(0, 20);
    const up = await fin.post(
      `/api/admin/orders/${id}/invoice`,
      form(payable, { number, tax_amount: '2.30' }),
    );
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.data).toMatchObject({ status: 'issued', invoice_no: number, file_type: 'pdf' });

    const issued = (await demo.get(`/api/user/invoice/${id}`)).body.data;
    expect(issued).toMatchObject({
      status: 'issued',
      status_text: '已开票',
      invoice_no: number,
      issued_on: today(),
      amount: payable,
      tax_amount: '2.30',
      title: '武汉仁心大药房有限公司',
      bank: '招商银行武汉分行',
    });
    const list = (await demo.get('/api/user/invoice', { per_page: 50 })).body.data;
    expect(list.find((r: any) => r.order_id === id)).toMatchObject({
      status: 'issued',
      invoice_no: number,
    });
    const file = await demo.get(`/api/user/invoice/${id}/download`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain(`invoice-${number}.pdf`);
    expect(file.body).toBe(PDF);

    const messages = (await demo.get('/api/user/messages', { per_page: 50 })).body.data;
    expect(JSON.stringify(messages)).toContain(`号码${number}`);
    const audit = await staff['admin']!.get('/api/admin/audit', {
      entity: 'order',
      entity_id: String(id),
      action: 'order.invoice',
    });
    expect(audit.body.data.rows).toHaveLength(1);
    expect(audit.body.data.rows[0]).toMatchObject({ staff: 'finance', role: 'finance' });

    // Other stores: 404; the desk reads it too.
    const other = await registerMember();
    expect((await other.client.get(`/api/user/invoice/${id}`)).status).toBe(404);
    expect((await other.client.get(`/api/user/invoice/${id}/download`)).status).toBe(404);
    expect((await other.client.get('/api/user/invoice')).body.total).toBe(0);
    expect((await staff['warehouse']!.get(`/api/admin/orders/${id}/invoice/file`)).status).toBe(
      200,
    );

    // A corrected invoice replaces the first, as OFD.
    const again = await staff['admin']!.post(
      `/api/admin/orders/${id}/invoice`,
      form(payable, { file: ofdUrl, number: `${number.slice(0, 19)}9` }),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const ofd = await demo.get(`/api/user/invoice/${id}/download`);
    expect(ofd.headers.get('content-type')).toBe('application/ofd');
    expect(ofd.headers.get('content-disposition')).toContain('.ofd');
    expect(ofd.body).toContain('OFD.xml');
  });

  it("waits on finance's invoices to issue from shipping until its invoice is uploaded", async () => {
    const fin = staff['finance']!;
    const { id, payable } = await paidSpecialOrder();
    expect(await queued(fin, id)).toBeUndefined();
    await ship(id);
    const row = await queued(fin, id);
    expect(row).toMatchObject({
      order_id: id,
      order_status: 'shipped',
      company: { name: '武汉仁心大药房' },
      invoice_type: 'special',
      invoice_type_text: '增值税专用发票',
      amount: payable,
    });
    expect(row.shipped_at).toMatch(/\+08:00$/);
    // The profile the test above completed has all a 专用发票 needs.
    expect(row.missing).toEqual([]);
    const page = String((await fin.get('/admin/invoices', { page: 1 })).body);
    expect(page).toContain('<title>发票开具');
    expect(page).toContain('data-testid="invoices-table"');
    const up = await fin.post(`/api/admin/orders/${id}/invoice`, form(payable));
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(await queued(fin, id)).toBeUndefined();
    expect((await fin.get('/api/admin/invoices', { per_page: 101 })).status).toBe(422);
  });

  it('is for what the store paid less what a return gave back', async () => {
    const fin = staff['finance']!;
    const buyer = await freshBuyer({ balance: 10_000_000 });
    const profile = { title: '退货测试药房', tax_no: '91420100MA4KXXXX2B' };
    expect((await buyer.post('/api/user/invoice/profile', profile)).status).toBe(200);
    /** A paid, shipped order of 4 units with `returned` of them returned and refunded. */
    const returnedOrder = async (returned: number) => {
      const order = await pay(buyer, await placeBackofficeOrder(buyer, FROM, 4), 'balance');
      await shipByHook(buyer, order.id);
      const returnId = await askReturn(buyer, order, returned);
      await approveAndReceive(staff['reviewer']!, staff['warehouse']!, returnId);
      const refunded = await fin.post(`/api/admin/returns/${returnId}/refund`);
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      return order;
    };

    const partly = await returnedOrder(1);
    const row = await queued(fin, partly.id);
    const refund = fen(row.refunded);
    expect(refund).toBeGreaterThan(0);
    expect(fen(row.amount)).toBe(fen(partly.payable_amount) - refund);
    const page = String((await fin.get(`/admin/orders/${partly.id}`)).body);
    expect(page).toContain('data-testid="invoice-due"');
    const over = await fin.post(
      `/api/admin/orders/${partly.id}/invoice`,
      form(partly.payable_amount),
    );
    expect(over.status).toBe(422);
    expect(over.body.errors.amount[0]).toBe(
      `价税合计不能超过应开票金额¥${row.amount}（实付¥${partly.payable_amount}，已退款¥${row.refunded}）`,
    );
    const up = await fin.post(`/api/admin/orders/${partly.id}/invoice`, form(row.amount));
    expect(up.status, JSON.stringify(up.body)).toBe(201);

    // All the goods back: a return refunds the goods, not the freight, which is still invoiced;
    // without freight nothing is left, and the order leaves the list.
    const whole = await returnedOrder(4);
    const freight = fen(whole.shipping_amount);
    if (freight > 0) {
      expect(fen((await queued(fin, whole.id)).amount)).toBe(freight);
    } else {
      expect(await queued(fin, whole.id)).toBeUndefined();
      const none = await fin.post(`/api/admin/orders/${whole.id}/invoice`, form('1.00'));
      expect(none.status).toBe(409);
      expect(none.body.message).toBe('该订单已全额退款，无需开票');
    }
  });

  it('issued before a refund, waits to be red-lettered: re-issued for the rest, or voided when nothing is left', async () => {
    const fin = staff['finance']!;
    const buyer = await freshBuyer({ balance: 50_000_000 });
    const profile = { title: '红冲测试药房', tax_no: '91420100MA4KXXXX3C' };
    expect((await buyer.post('/api/user/invoice/profile', profile)).status).toBe(200);
    /** A paid, shipped and invoiced order of `number` units of one goods. */
    const invoicedOrder = async (goodsId: number, number: number) => {
      const id = await placeOrderOf(buyer, goodsId, number);
      const order = await pay(buyer, (await buyer.get(`/api/order/${id}`)).body.data, 'balance');
      await shipByHook(buyer, order.id);
      const up = await fin.post(
        `/api/admin/orders/${order.id}/invoice`,
        form(order.payable_amount),
      );
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      expect(await queued(fin, order.id, 'to_correct')).toBeUndefined();
      return { order, invoiceNo: up.body.data.invoice_no as string };
    };
    const returnAndRefund = async (order: any, number: number) => {
      const returnId = await askReturn(buyer, order, number);
      await approveAndReceive(staff['reviewer']!, staff['warehouse']!, returnId);
      const refunded = await fin.post(`/api/admin/returns/${returnId}/refund`);
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    };

    // Part of the goods back after the invoice: the invoice is now for more than is left.
    const g = await findGoods(buyer, FROM, TO, plainGoods);
    const part = await invoicedOrder(g.id, 4);
    await returnAndRefund(part.order, 1);
    const row = await queued(fin, part.order.id, 'to_correct');
    expect(row).toMatchObject({
      order_id: part.order.id,
      invoice: { number: part.invoiceNo, amount: part.order.payable_amount },
    });
    expect(fen(row.amount)).toBe(fen(part.order.payable_amount) - fen(row.refunded));
    const desk = (await fin.get(`/api/admin/orders/${part.order.id}/invoice`)).body.data;
    expect(fen(desk.over_amount)).toBe(fen(row.refunded));
    const page = String((await fin.get(`/admin/orders/${part.order.id}`)).body);
    expect(page).toContain('data-testid="invoice-correct"');
    expect(page).not.toContain('data-testid="invoice-void"');
    const list = String((await fin.get('/admin/invoices', { state: 'to_correct' })).body);
    expect(list).toContain(`data-order="${part.order.id}"`);
    // Something is left to invoice, so it is not voided but re-issued for the rest.
    const refused = await fin.post(`/api/admin/orders/${part.order.id}/invoice/void`, {
      reason: '已红冲',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `该订单仍有应开票金额¥${row.amount}：请红冲后上传重新开具的发票，而不是作废`,
    );
    const again = await fin.post(`/api/admin/orders/${part.order.id}/invoice`, form(row.amount));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await queued(fin, part.order.id, 'to_correct')).toBeUndefined();

    // All of it back, on an order past the free-shipping threshold (no freight to invoice):
    // nothing is left, so the invoice is voided, and the store is told why.
    // Priced at its lowest ladder step or less, so the goods amount passes ¥800 whatever applies.
    const lowest = Math.min(fen(g.price), ...g.ladder_price.map((l: any) => fen(l.price)));
    const number = Math.ceil(80_000 / lowest) + 1;
    expect(g.number).toBeGreaterThanOrEqual(number + 4);
    const whole = await invoicedOrder(g.id, number);
    expect(fen(whole.order.shipping_amount)).toBe(0);
    await returnAndRefund(whole.order, number);
    expect(await queued(fin, whole.order.id, 'to_correct')).toMatchObject({ amount: '0.00' });
    const wholePage = String((await fin.get(`/admin/orders/${whole.order.id}`)).body);
    expect(wholePage).toContain('data-testid="invoice-void"');
    expect(
      (await fin.post(`/api/admin/orders/${whole.order.id}/invoice/void`, { reason: '' })).status,
    ).toBe(422);
    expect(
      (
        await staff['reviewer']!.post(`/api/admin/orders/${whole.order.id}/invoice/void`, {
          reason: '已红冲',
        })
      ).status,
    ).toBe(403);
    const voided = await fin.post(`/api/admin/orders/${whole.order.id}/invoice/void`, {
      reason: '全额退货，已红冲',
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.data).toMatchObject({ status: 'none', over_amount: '0.00' });
    expect(await queued(fin, whole.order.id, 'to_correct')).toBeUndefined();
    // The store sees nothing left to invoice rather than an invoice to come.
    expect((await buyer.get(`/api/user/invoice/${whole.order.id}`)).body.data).toMatchObject({
      status: 'none',
      status_text: '无需开票',
      amount: '0.00',
    });
    expect(await messageTitles(buyer)).toContain('发票已红冲作废');
    const twice = await fin.post(`/api/admin/orders/${whole.order.id}/invoice/void`, {
      reason: '已红冲',
    });
    expect(twice.status).toBe(404);
  });

  it('answers 422 for malformed ids and 404 for unknown orders', async () => {
    expect((await demo.get('/api/user/invoice/0')).status).toBe(422);
    expect((await demo.get('/api/user/invoice/99999999')).status).toBe(404);
    expect((await staff['finance']!.post('/api/admin/orders/abc/invoice', {})).status).toBe(422);
  });
});

describe('the e-contract', () => {
  it('names the operator company of the footer licences as the seller', async () => {
    const contract = (await demo.get('/api/user/contract')).body.data;
    const operator = (await demo.get('/api/focus/common')).body.data.operator;
    expect(operator.company).toBeTruthy();
    expect(contract.seller).toBe(operator.company);
    expect((await demo.get('/dzht')).body).toContain(`乙方（供货方）：${operator.company}`);
  });
});

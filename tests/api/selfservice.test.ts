import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { registerMember } from '../support/members.ts';
import { addBuyable, login, submissionKey } from '../support/shop.ts';

describe('visitors', () => {
  it('get 401 from the self-service member calls and may browse the points mall', async () => {
    const c = new Client();
    for (const path of [
      '/api/user/buy',
      '/api/user/buy/1',
      '/api/user/feedback',
      '/api/user/invoice',
      '/api/user/invoice/1',
      '/api/user/invoice/1/download',
      '/api/user/points_order',
    ]) {
      expect((await c.get(path)).status, path).toBe(401);
    }
    expect(
      (
        await c.post('/api/user/buy', {
          goods_name: '阿莫西林胶囊',
          quantity: 1,
          phone: '13800000000',
        })
      ).status,
    ).toBe(401);
    expect((await c.post('/api/points/redeem', { goods_id: 1 })).status).toBe(401);
    const goods = await c.get('/api/points/goods');
    expect(goods.status).toBe(200);
    expect(goods.body.data.length).toBeGreaterThanOrEqual(10);
    expect(goods.body.data).toContainEqual(
      expect.objectContaining({ name: '医用口罩一盒', points: 500 }),
    );
  });
});

describe('品种求购 wanted-requests', () => {
  it('checks the form in Chinese and accepts a mobile or a landline', async () => {
    const m = await registerMember();
    const good = {
      goods_name: '连花清瘟胶囊',
      spec: '0.35g*24粒',
      manufacturer: '石家庄以岭药业',
      quantity: '20',
      expected_price: '12.5',
      phone: '027-87654321',
      remarks: '急需',
    };
    const cases: [Record<string, string>, string, string][] = [
      [{ ...good, goods_name: ' ' }, 'goods_name', '请输入商品名称'],
      [{ ...good, quantity: '0' }, 'quantity', '求购数量至少为1'],
      [{ ...good, quantity: 'abc' }, 'quantity', '请输入求购数量'],
      [{ ...good, expected_price: '1.234' }, 'expected_price', '期望价格须为不超过两位小数的金额'],
      [{ ...good, phone: '12345' }, 'phone', '请输入正确的手机号码或固定电话'],
      [{ ...good, phone: '' }, 'phone', '请输入手机号码'],
      [{ ...good, remarks: '备'.repeat(501) }, 'remarks', '备注最多500个字'],
    ];
    for (const [form, field, message] of cases) {
      const res = await m.client.post('/api/user/buy', form);
      expect(res.status, field).toBe(422);
      expect(res.body.errors[field], field).toContain(message);
    }
    const created = await m.client.post('/api/user/buy', good);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      goods_name: '连花清瘟胶囊',
      quantity: 20,
      expected_price: '12.50',
      phone: '027-87654321',
      status: 'pending',
      status_text: '待处理',
    });
    const noPrice = await m.client.post('/api/user/buy', {
      goods_name: '板蓝根颗粒',
      quantity: 5,
      phone: m.phone,
    });
    expect(noPrice.status).toBe(201);
    expect(noPrice.body.data.expected_price).toBeNull();
  });

  it('lists and shows only the store’s own requests; another member’s id is 404', async () => {
    const a = await registerMember();
    const b = await registerMember();
    const mine = (
      await a.client.post('/api/user/buy', {
        goods_name: '藿香正气水',
        quantity: 3,
        phone: a.phone,
      })
    ).body.data;
    const list = await a.client.get('/api/user/buy', { page: 1 });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ current_page: 1, total: 1 });
    expect(list.body.data[0].id).toBe(mine.id);
    expect((await a.client.get(`/api/user/buy/${mine.id}`)).body.data).toMatchObject({
      id: mine.id,
      goods_name: '藿香正气水',
    });
    expect((await b.client.get(`/api/user/buy/${mine.id}`)).status).toBe(404);
    expect((await b.client.get('/api/user/buy')).body.total).toBe(0);
    expect((await a.client.get('/api/user/buy/abc')).status).toBe(422);
    expect((await a.client.get('/api/user/buy', { page: 0 })).status).toBe(422);
  });
});

describe('意见反馈 feedback list', () => {
  it('lists the login’s own feedback, newest first', async () => {
    const a = await registerMember();
    const b = await registerMember();
    expect(
      (
        await a.client.post('/api/user/feedback', {
          content: '第一条：希望增加中药饮片品种',
          contact: 'qq 12345',
        })
      ).status,
    ).toBe(201);
    expect(
      (await a.client.post('/api/user/feedback', { content: '第二条：配送很快，点赞' })).status,
    ).toBe(201);
    expect((await a.client.post('/api/user/feedback', { content: '短' })).status).toBe(422);
    const list = await a.client.get('/api/user/feedback');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.data.map((f: any) => f.content)).toEqual([
      '第二条：配送很快，点赞',
      '第一条：希望增加中药饮片品种',
    ]);
    expect(list.body.data[1].contact).toBe('qq 12345');
    expect((await b.client.get('/api/user/feedback')).body.total).toBe(0);
    expect((await a.client.get('/api/user/feedback', { per_page: 1000 })).status).toBe(422);
  });
});

describe('电子发票 invoices', () => {
  it('is pending until the order is paid, then issued and downloadable; other members get 404', async () => {
    const c = await login('demo');
    const line = await addBuyable(c, 700, 2);
    const prep = await c.post('/api/cart/checkout', { ids: [line.id], new: 1 });
    expect(prep.status).toBe(200);
    const placed = await c.post('/api/order', {
      key: submissionKey(),
      ids: [line.id],
      address_id: prep.body.data.addresses[0].id,
      invoice_type: 'special',
      expected_amount: prep.body.data.totals.payable_amount,
    });
    expect(placed.status).toBe(201);
    const [orderId] = placed.body.data.order_ids;

    const pending = await c.get(`/api/user/invoice/${orderId}`);
    expect(pending.status).toBe(200);
    expect(pending.body.data).toMatchObject({
      order_id: orderId,
      type: 'special',
      type_text: '增值税专用发票',
      status: 'pending',
      invoice_no: null,
      title: '武汉仁心大药房',
    });
    expect((await c.get(`/api/user/invoice/${orderId}/download`)).status).toBe(409);

    expect((await c.post('/api/pay/balance', { order_id: orderId })).status).toBe(200);
    const issued = (await c.get(`/api/user/invoice/${orderId}`)).body.data;
    expect(issued).toMatchObject({
      status: 'issued',
      status_text: '已开具',
      amount: prep.body.data.totals.payable_amount,
    });
    expect(issued.invoice_no).toMatch(/^FP\d+/);
    expect(issued.lines[0]).toMatchObject({ name: line.goods.name, number: 2 });

    const list = await c.get('/api/user/invoice', { per_page: 50 });
    expect(list.status).toBe(200);
    expect(list.body.data.find((r: any) => r.order_id === orderId)).toMatchObject({
      status: 'issued',
      invoice_no: issued.invoice_no,
    });

    const file = await c.get(`/api/user/invoice/${orderId}/download`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/html');
    expect(file.headers.get('content-disposition')).toContain(`invoice-${issued.invoice_no}.html`);
    expect(file.body).toContain('增值税专用发票');
    expect(file.body).toContain('武汉仁心大药房');
    expect(file.body).toContain(issued.order_no);
    expect(file.body).toContain(`¥${issued.amount}`);

    const other = await registerMember();
    expect((await other.client.get(`/api/user/invoice/${orderId}`)).status).toBe(404);
    expect((await other.client.get(`/api/user/invoice/${orderId}/download`)).status).toBe(404);
    expect((await other.client.get('/api/user/invoice')).body.total).toBe(0);
    expect((await c.get('/api/user/invoice/0')).status).toBe(422);
    expect((await c.get('/api/user/invoice/99999999')).status).toBe(404);
  });
});

describe('积分商城 points mall', () => {
  it('redeems with points in one ledger row and a points order', async () => {
    const c = await login('demo');
    const goods = (await c.get('/api/points/goods')).body.data;
    const swab = goods.find((g: any) => g.name === '医用棉签');
    const res = await c.post('/api/points/redeem', { goods_id: swab.id, number: 2 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: '医用棉签',
      number: 2,
      points: swab.points,
      total_points: swab.points * 2,
      status_text: '待发货',
    });
    expect(res.body.data.no).toMatch(/^JF\d+/);

    const log = (await c.get('/api/user/user_money_log', { use_type: 3, per_page: 50 })).body.data;
    const row = log.find(
      (r: any) => r.kind === 'points_redeem' && r.remark.includes(res.body.data.no),
    );
    expect(row).toMatchObject({
      amount: swab.points * 2,
      direction: -1,
      balance_after: res.body.data.points_left,
      order_id: null,
    });

    const orders = await c.get('/api/user/points_order', { per_page: 50 });
    expect(orders.status).toBe(200);
    expect(orders.body.data.some((o: any) => o.id === res.body.data.id)).toBe(true);
    const after = (await c.get('/api/points/goods')).body.data.find((g: any) => g.id === swab.id);
    expect(after.stock).toBeLessThanOrEqual(swab.stock - 2);
  });

  it('refuses without enough points (422 积分不足) and leaves no order or stock change', async () => {
    const m = await registerMember();
    const goods = (await m.client.get('/api/points/goods')).body.data;
    const mask = goods.find((g: any) => g.name === '医用口罩一盒');
    const res = await m.client.post('/api/points/redeem', { goods_id: mask.id });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('积分不足');
    expect((await m.client.get('/api/user/points_order')).body.total).toBe(0);
    expect((await m.client.get('/api/user/user_money_log', { use_type: 3 })).body.total).toBe(0);
  });

  it('answers bad input with 422 and unknown goods with 404', async () => {
    const c = await login('demo');
    expect((await c.post('/api/points/redeem', { goods_id: 'x' })).status).toBe(422);
    expect((await c.post('/api/points/redeem', {})).status).toBe(422);
    const zero = await c.post('/api/points/redeem', { goods_id: 1, number: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.errors.number).toContain('兑换数量至少为1');
    expect((await c.post('/api/points/redeem', { goods_id: 1, number: 100 })).status).toBe(422);
    expect((await c.post('/api/points/redeem', { goods_id: 99999999 })).status).toBe(404);
    expect((await c.get('/api/user/points_order', { page: 'x' })).status).toBe(422);
  });
});

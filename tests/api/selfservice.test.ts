import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { registerMember } from '../support/members.ts';

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

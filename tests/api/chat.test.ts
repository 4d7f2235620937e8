// Customer-service chat over HTTP: who may chat, messages stored once per client id and as
// typed, pictures by content, cards of one's own orders, the desk's conversations (another staff
// member's is 404), transfer and close, routing, service hours, the rate limit, and the stream's
// resume by Last-Event-ID. Goods ids 695–699 are this file's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, freshBuyer, placeOrder, PNG } from '../support/backoffice.ts';
import {
  ALWAYS,
  clientId,
  closedNow,
  newServiceStaff,
  openStream,
  say,
  setHours,
  type Stream,
} from '../support/chat.ts';
import { Client } from '../support/http.ts';
import { registerMember } from '../support/members.ts';
import { startServer } from '../support/server.ts';
import { staffLogin } from '../support/staff.ts';

const MESSAGES = '/api/chat/messages';
const desk = (id: number) => `/api/admin/chat/conversations/${id}`;
let admin: Client;
let service: Client;
const streams: Stream[] = [];

async function staffStream(c: Client): Promise<Stream> {
  const s = await openStream(c, '/api/admin/chat/stream');
  expect(s.status).toBe(200);
  streams.push(s);
  await s.next((e) => e.type === 'hello');
  return s;
}

function picture(bytes: Uint8Array, name = 'a.png', type = 'image/png') {
  const form = new FormData();
  form.set('client_id', clientId());
  form.set('image', new Blob([Buffer.from(bytes)], { type }), name);
  return form;
}

async function conversationOf(staff: Client, companyName: string) {
  const list = (await staff.get('/api/admin/chat/conversations')).body.data;
  return list.find((c: any) => c.company.name === companyName);
}

beforeAll(async () => {
  admin = await staffLogin('admin');
  service = await staffLogin('service');
  await setHours(admin, ALWAYS);
});

afterAll(async () => {
  for (const s of streams) s.close();
  await setHours(admin, { open: '08:30', close: '21:00' });
});

describe('who may chat', () => {
  it('visitors 401, a login without chat 403, staff without the service role 403', async () => {
    const visitor = new Client();
    expect((await visitor.get(MESSAGES)).status).toBe(401);
    expect((await say(visitor, MESSAGES, '你好')).status).toBe(401);
    expect((await openStream(visitor, '/api/chat/stream')).status).toBe(401);

    const m = await registerMember();
    const reviewer = await staffLogin('reviewer');
    const id = await companyIdOf(m.client);
    const off = await reviewer.post(`/api/admin/stores/${id}`, {
      type: 'pharmacy',
      province: '湖北省',
      city: '武汉市',
      rank: 1,
      admin_id: 1,
      is_can_chat: '0',
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const refused = await say(m.client, MESSAGES, '你好');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('未开通在线客服');
    expect((await m.client.get(MESSAGES)).status).toBe(403);
    expect((await openStream(m.client, '/api/chat/stream')).status).toBe(403);

    expect((await m.client.get('/api/admin/chat/conversations')).status).toBe(401);
    expect((await openStream(m.client, '/api/admin/chat/stream')).status).toBe(401);
    const warehouse = await staffLogin('warehouse');
    expect((await warehouse.get('/api/admin/chat/conversations')).status).toBe(403);
    expect((await openStream(warehouse, '/api/admin/chat/stream')).status).toBe(403);
  });
});

describe('messages', () => {
  it('are stored once per client id, as typed, and reach the dedicated contact at once', async () => {
    const desk1 = await staffStream(service);
    const m = await registerMember();
    const hostile = '<img src=x onerror="alert(1)">&amp; 你好\n第二行';
    const id = clientId();
    const first = await say(m.client, MESSAGES, hostile, id);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({
      sender: 'buyer',
      kind: 'text',
      text: hostile,
      client_id: id,
    });
    const again = await say(m.client, MESSAGES, hostile, id);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const [a, b] = await Promise.all([
      say(m.client, MESSAGES, '同时', 'same-id-1'),
      say(m.client, MESSAGES, '同时', 'same-id-1'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);

    const history = (await m.client.get(MESSAGES)).body.data;
    expect(history.messages.map((x: any) => x.text)).toEqual([hostile, '同时']);
    const pushed = await desk1.next(
      (e) => e.type === 'message' && e.data.message.id === first.body.data.id,
    );
    expect(pushed.id).toBe(first.body.data.id);
    expect(pushed.data.message.text).toBe(hostile);

    const conv = await conversationOf(service, m.companyName);
    expect(conv).toMatchObject({ status: 'open', unread: 2, staff: { name: '演示客服' } });
    const ctx = (await service.get(desk(conv.id))).body.data;
    expect(ctx.company).toMatchObject({
      name: m.companyName,
      licence_ok: false,
      licence_text: '资质审核中',
    });
    expect(ctx.cart).toEqual({ lines: [], count: 0 });

    const reply = await say(service, `${desk(conv.id)}/messages`, '您好，请问需要什么？');
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ sender: 'staff', staff_name: '演示客服' });
    const mine = (await m.client.get(MESSAGES)).body.data;
    expect(mine.unread).toBe(1);
    expect((await m.client.post('/api/chat/read', { last_id: reply.body.data.id })).status).toBe(
      200,
    );
    expect((await m.client.get(MESSAGES)).body.data.unread).toBe(0);
    expect((await service.post(`${desk(conv.id)}/read`, { last_id: 1e12 })).status).toBe(200);
    expect((await conversationOf(service, m.companyName)).unread).toBe(0);
  });

  it('refuses empty, oversized and hostile text with 422, a file that is no JPG or PNG too', async () => {
    const m = await registerMember();
    for (const text of ['', '   ', 'x'.repeat(1001), 'a\u0000b', 'bell\u0007']) {
      const res = await say(m.client, MESSAGES, text);
      expect(res.status, JSON.stringify(text)).toBe(422);
    }
    expect((await say(m.client, MESSAGES, '中'.repeat(1000))).status).toBe(201);
    expect(
      (await m.client.post(MESSAGES, { client_id: clientId(), text: '你好', goods_id: 695 }))
        .status,
    ).toBe(422);
    expect((await m.client.post(MESSAGES, { text: '没有编号' })).status).toBe(422);
    expect((await m.client.post(MESSAGES, { client_id: 'x', text: '编号太短' })).status).toBe(422);
    expect((await m.client.post(MESSAGES, { client_id: clientId(), goods_id: 'abc' })).status).toBe(
      422,
    );

    const gif = new TextEncoder().encode('GIF89a……');
    const upload = (form: FormData) => m.client.request('POST', MESSAGES, { body: form });
    const wrong = await upload(picture(gif));
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('只能发送JPG或PNG图片');
    expect(
      (await upload(picture(new TextEncoder().encode('%PDF-1.4'), 'a.pdf', 'application/pdf')))
        .status,
    ).toBe(422);
    expect((await upload(picture(new Uint8Array(0)))).status).toBe(422);
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(PNG);
    expect((await upload(picture(big))).status).toBe(413);

    const ok = await upload(picture(PNG, 'evil.gif', 'image/gif'));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data).toMatchObject({ kind: 'image', text: '' });
    const name = ok.body.data.image;
    const own = await m.client.get(`/api/chat/images/${name}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    const other = await registerMember();
    expect((await other.client.get(`/api/chat/images/${name}`)).status).toBe(404);
    expect((await new Client().get(`/api/chat/images/${name}`)).status).toBe(401);
    expect((await service.get(`/api/admin/chat/images/${name}`)).status).toBe(200);
    expect((await service.get(`/api/admin/chat/images/${'0'.repeat(32)}.png`)).status).toBe(404);
  });

  it("goods cards and the buyer's own order cards; another store's order is 404", async () => {
    const buyer = await freshBuyer({ balance: 1_000_000 });
    const order = await placeOrder(buyer, 695, 1);
    const picks = (await buyer.get('/api/chat/picks')).body.data;
    expect(picks.orders.map((o: any) => o.id)).toContain(order.id);
    expect(picks.goods.length).toBeGreaterThan(0);
    const card = await buyer.post(MESSAGES, { client_id: clientId(), order_id: order.id });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    expect(card.body.data.card).toMatchObject({
      type: 'order',
      id: order.id,
      no: order.no,
      status_text: '待付款',
    });
    const goods = await buyer.post(MESSAGES, {
      client_id: clientId(),
      goods_id: picks.goods[0].id,
    });
    expect(goods.body.data.card).toMatchObject({ type: 'goods', id: picks.goods[0].id });

    const other = await registerMember();
    const theirs = await other.client.post(MESSAGES, { client_id: clientId(), order_id: order.id });
    expect(theirs.status).toBe(404);
    expect(
      (await other.client.post(MESSAGES, { client_id: clientId(), goods_id: 2_000_000 })).status,
    ).toBe(404);
  });

  it('the stream resumes after the last seen id with what was missed', async () => {
    const m = await registerMember();
    const sent = await say(m.client, MESSAGES, '在吗');
    const conv = await conversationOf(service, m.companyName);
    const first = await openStream(m.client, '/api/chat/stream');
    const hello = await first.next((e) => e.type === 'hello');
    // `member` keys the page's unsent messages: this login and store.
    expect(hello.data).toEqual({
      unread: 0,
      member: expect.stringMatching(new RegExp(`^\\d+-${await companyIdOf(m.client)}$`)),
    });
    const r1 = await say(service, `${desk(conv.id)}/messages`, '在的');
    const seen = await first.next(
      (e) => e.type === 'message' && e.data.message.id === r1.body.data.id,
    );
    first.close();
    const r2 = await say(service, `${desk(conv.id)}/messages`, '请问需要什么');
    const r3 = await say(service, `${desk(conv.id)}/messages`, '我们今天发货');
    const resumed = await openStream(m.client, '/api/chat/stream', seen.id);
    streams.push(resumed);
    await resumed.next((e) => e.type === 'message' && e.data.message.id === r3.body.data.id);
    const got = resumed.events.filter((e) => e.type === 'message').map((e) => e.id);
    expect(got).toEqual([r2.body.data.id, r3.body.data.id]);
    expect(got).not.toContain(sent.body.data.id);
    expect(resumed.events.find((e) => e.type === 'hello')!.data).toEqual({
      ...hello.data,
      unread: 3,
    });
  });
});

describe('the desk', () => {
  it("a colleague's conversation is 404; transfer hands it over (audited); close ends it", async () => {
    await staffStream(service);
    const colleague = await newServiceStaff(admin, '测试客服乙');
    const m = await registerMember();
    await say(m.client, MESSAGES, '我要咨询');
    const conv = await conversationOf(service, m.companyName);
    expect(conv.staff.name).toBe('演示客服');
    expect((await colleague.get(`${desk(conv.id)}/messages`)).status).toBe(404);
    expect((await say(colleague, `${desk(conv.id)}/messages`, '抢答')).status).toBe(404);
    expect((await colleague.get(desk(conv.id))).status).toBe(404);
    expect(await conversationOf(colleague, m.companyName)).toBeUndefined();
    expect((await service.get(`${desk(2_000_000)}/messages`)).status).toBe(404);

    const moved = await service.post(`${desk(conv.id)}/transfer`, { staff_id: colleague.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(
      (await service.post(`${desk(conv.id)}/transfer`, { staff_id: colleague.id })).status,
    ).toBe(404);
    expect((await colleague.get(`${desk(conv.id)}/messages`)).body.data.messages.at(-1).text).toBe(
      '已为您转接客服测试客服乙',
    );
    expect((await service.get(`${desk(conv.id)}/messages`)).status).toBe(404);
    // Admins see every open conversation and may read it.
    expect((await conversationOf(admin, m.companyName))?.staff.id).toBe(colleague.id);
    expect((await admin.get(`${desk(conv.id)}/messages`)).status).toBe(200);
    const warehouse = (await admin.get('/api/admin/staff')).body.data.find(
      (s: any) => s.login === 'warehouse',
    );
    expect(
      (await colleague.post(`${desk(conv.id)}/transfer`, { staff_id: warehouse.id })).status,
    ).toBe(422);
    const audit = await admin.get('/api/admin/audit', {
      entity: 'chat_conversation',
      entity_id: conv.id,
    });
    expect(audit.body.data.rows.map((r: any) => r.action)).toEqual(['chat.transfer']);

    expect((await colleague.post(`${desk(conv.id)}/close`)).status).toBe(200);
    const closed = (await colleague.get('/api/admin/chat/conversations', { view: 'closed' })).body
      .data;
    expect(closed.map((c: any) => c.id)).toContain(conv.id);
    expect((await m.client.get(MESSAGES)).body.data.status).toBe('closed');
    await say(m.client, MESSAGES, '还有一个问题');
    expect((await m.client.get(MESSAGES)).body.data.status).toBe('open');
  });

  it('routes to any online service staff when the dedicated contact is away', async () => {
    for (const s of streams.splice(0)) s.close();
    const other = await newServiceStaff(admin, '测试客服丙');
    await staffStream(other);
    // The dedicated contact's desk has closed: wait until the server has let go of it.
    await expect
      .poll(
        async () => {
          const m = await registerMember();
          await say(m.client, MESSAGES, '有人吗');
          return (await conversationOf(other, m.companyName))?.staff?.id;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(other.id);
  });

  it("goes first to the login linked to the store's dedicated contact while its desk is open", async () => {
    // Another service login is online too (the test above left its desk open).
    const linked = await newServiceStaff(admin, '测试客服戊');
    const contact = await admin.post('/api/admin/service_contacts', {
      name: '钱进',
      phone: '13900007777',
      staff_id: linked.id,
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const give = async (m: Awaited<ReturnType<typeof registerMember>>) => {
      const res = await (await staffLogin('reviewer')).post(
        `/api/admin/stores/${await companyIdOf(m.client)}`,
        {
          type: 'pharmacy',
          province: '湖北省',
          city: '武汉市',
          rank: 1,
          admin_id: contact.body.data.id,
          is_can_chat: '1',
        },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    // Away: someone else online answers.
    const early = await registerMember();
    await give(early);
    await say(early.client, MESSAGES, '专属客服不在吗');
    expect((await conversationOf(admin, early.companyName)).staff?.id).not.toBe(linked.id);

    await staffStream(linked);
    for (let i = 0; i < 3; i++) {
      const m = await registerMember();
      await give(m);
      expect((await say(m.client, MESSAGES, '找我的专属客服')).status).toBe(201);
      expect((await conversationOf(linked, m.companyName))?.staff?.id).toBe(linked.id);
    }
  });

  it('outside service hours: an automatic reply once, and the conversation waits', async () => {
    await setHours(admin, closedNow());
    try {
      const m = await registerMember();
      await say(m.client, MESSAGES, '晚上好');
      await say(m.client, MESSAGES, '还在吗');
      const history = (await m.client.get(MESSAGES)).body.data;
      const system = history.messages.filter((x: any) => x.sender === 'system');
      expect(system).toHaveLength(1);
      expect(system[0].text).toContain('非工作时间');
      expect(history.status).toBe('waiting');
      expect(history.unread).toBe(0);
      expect((await conversationOf(service, m.companyName)).status).toBe('waiting');
    } finally {
      await setHours(admin, ALWAYS);
    }
    const bad = await admin.request('PUT', '/api/admin/chat/hours', {
      form: { open: '25:00', close: '08:00' },
    });
    expect(bad.status).toBe(422);
    expect((await service.request('PUT', '/api/admin/chat/hours', { form: ALWAYS })).status).toBe(
      403,
    );
  });
});

describe('rate limit', () => {
  it('20 messages per 10 s per member, then 429 in Chinese; a retry of a stored one still answers', async () => {
    const m = await registerMember();
    const ids = Array.from({ length: 20 }, () => clientId());
    for (const id of ids) expect((await say(m.client, MESSAGES, '刷屏', id)).status).toBe(201);
    const over = await say(m.client, MESSAGES, '第21条');
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('消息发送太频繁，请稍后再试');
    expect((await say(m.client, MESSAGES, '刷屏', ids[0])).status).toBe(200);
  });
});

describe('graceful shutdown', () => {
  it('SIGTERM ends open streams at once instead of waiting out the grace period', async () => {
    const own = await startServer({ SEED_GOODS: '50', SHUTDOWN_GRACE_MS: '10000' });
    try {
      const buyer = new Client(own.url);
      expect(
        (await buyer.post('/api/login', { username: 'demo', password: 'yaopi2026' })).status,
      ).toBe(200);
      const s = await openStream(buyer, '/api/chat/stream');
      await s.next((e) => e.type === 'hello');
      const started = Date.now();
      await own.stop();
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      await own.stop();
    }
  }, 120_000);
});

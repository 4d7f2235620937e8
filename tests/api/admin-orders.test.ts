// The order desk: the queue, one order, shipping with lots and traceability codes, the delivery
// note, the buyer's receipt, staff cancelling. Goods ids 200–299 are this file's.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { STAFF_ROLES } from '#/lib/staffRoles.ts';
import { Client } from '../support/http.ts';
import {
  findGoods,
  freshCodes,
  isDrug,
  paidOrder,
  placeOrder,
  plainGoods,
  shipAll,
} from '../support/orders.ts';
import { login } from '../support/shop.ts';
import { staffLogin } from '../support/staff.ts';
import { createPromotion } from '../support/promotions.ts';

const FROM = 200;
const TO = 300;
const databaseUrl = inject('databaseUrl');
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 2 }) : null;
afterAll(async () => {
  await pool?.end();
});

const staff: Record<string, Client> = {};
let demo: Client;
let chain: Client;
beforeAll(async () => {
  for (const r of STAFF_ROLES) staff[r] = await staffLogin(r);
  demo = await login('demo');
  chain = await login('chain');
});

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const detail = async (id: number, as = staff['warehouse']!) => {
  const r = await as.get(`/api/admin/orders/${id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const codesFor = (n: number) => (l: any) => (l.needs_codes ? freshCodes(n) : []);
const auditOf = async (id: number, action: string) =>
  (
    await staff['admin']!.get('/api/admin/audit', {
      entity: 'order',
      entity_id: String(id),
      action,
    })
  ).body.data.rows;

describe('who may use the order desk', () => {
  const ENDPOINTS: [string, string, readonly string[]][] = [
    ['GET', '/api/admin/orders', ['warehouse', 'finance', 'admin']],
    ['GET', '/api/admin/orders/999999', ['warehouse', 'finance', 'admin']],
    ['POST', '/api/admin/orders/999999/ship', ['warehouse', 'admin']],
    ['POST', '/api/admin/orders/999999/cancel', ['warehouse', 'finance', 'admin']],
    ['GET', '/api/admin/slips', ['warehouse', 'admin']],
    ['POST', '/api/admin/slips/999999/review', ['warehouse', 'admin']],
    ['GET', '/api/admin/slips/999999/file', ['warehouse', 'admin']],
  ];
  it.each(ENDPOINTS)(
    '%s %s: 401 for visitors and buyers, 403 without the role',
    async (method, path, allowed) => {
      expect((await new Client().request(method, path)).status).toBe(401);
      const asBuyer = await demo.request(method, path);
      expect(asBuyer.status).toBe(401);
      expect(asBuyer.body.message).toBe('请先登录后台');
      for (const role of STAFF_ROLES) {
        const res = await staff[role]!.request(method, path);
        if (allowed.includes(role))
          expect([200, 404, 422], `${role} ${path}`).toContain(res.status);
        else {
          expect(res.status, `${role} ${path}`).toBe(403);
          expect(res.body.message).toMatch(/^没有权限：需要「/);
        }
      }
    },
  );

  it('the buyer side: receipt needs a buyer session, staff sessions are not one', async () => {
    expect((await new Client().post('/api/order/1/receive')).status).toBe(401);
    expect((await staff['admin']!.post('/api/order/1/receive')).status).toBe(401);
    expect((await staff['warehouse']!.get('/order/info/1/note/1')).status).toBe(302);
  });

  it('answers 404 for unknown orders and 422 for malformed ids and filters', async () => {
    const wh = staff['warehouse']!;
    expect((await wh.get('/api/admin/orders/999999')).status).toBe(404);
    expect((await wh.get('/api/admin/orders/abc')).status).toBe(422);
    expect((await wh.get('/api/admin/orders', { status: 'lost' })).status).toBe(422);
    expect((await wh.get('/api/admin/orders', { from: '2026-13-01' })).status).toBe(422);
    const ship = await wh.post(
      '/api/admin/orders/999999/ship',
      shipAll({ lines: [{ id: 1, left: 1, reserved: [{ lot_id: 1 }] }] }),
    );
    expect(ship.status).toBe(404);
    expect(
      (await wh.post('/api/admin/orders/999999/cancel', { reason: '客户要求取消' })).status,
    ).toBe(404);
  });
});

describe('shipping an order', () => {
  it('the warehouse finds a paid order, ships it with lots and codes; the buyer sees them and confirms receipt', async () => {
    const wh = staff['warehouse']!;
    const g = await findGoods(demo, FROM, TO, (x) => plainGoods(x) && isDrug(x) && x.jzl > 2);
    const id = await paidOrder(demo, g.id, 2);
    const before = await detail(id);
    expect(before).toMatchObject({ status: 'paid', status_text: '待发货', can_ship: true });

    // The queue: paid tab, searchable by order no, store name and goods name, within dates.
    for (const q of [before.no, '大药房', g.name]) {
      const found = await wh.get('/api/admin/orders', { status: 'paid', q });
      expect(found.status).toBe(200);
      expect(
        found.body.data.map((o: any) => o.id),
        q,
      ).toContain(id);
    }
    // Two characters of the goods name (through the lines' bigram index; more go through their
    // trigram index) and one (no index) find it too, on some page of the oldest-first tab.
    const onSomePage = async (q: string) => {
      for (let page = 1; ; page++) {
        const r = await wh.get('/api/admin/orders', { status: 'paid', q, page });
        expect(r.status).toBe(200);
        if (r.body.data.some((o: any) => o.id === id)) return true;
        if (page >= r.body.last_page) return false;
      }
    };
    for (const q of [g.name.slice(-2), g.name.slice(-1)]) expect(await onSomePage(q), q).toBe(true);
    const queue = await wh.get('/api/admin/orders', {
      status: 'paid',
      q: before.no,
      from: today(),
      to: today(),
    });
    expect(queue.body.data[0]).toMatchObject({
      id,
      status: 'paid',
      company: { name: before.company.name },
    });
    expect(queue.body.counts.paid).toBeGreaterThanOrEqual(1);
    expect(queue.body).toHaveProperty('last_page');
    const tomorrow = new Date(Date.now() + 32 * 3600_000).toISOString().slice(0, 10);
    expect(
      (await wh.get('/api/admin/orders', { status: 'paid', q: before.no, from: tomorrow })).body
        .data,
    ).toEqual([]);
    expect(
      (await wh.get('/api/admin/orders', { status: 'shipped', q: before.no })).body.data,
    ).toEqual([]);

    const line = before.lines[0];
    expect(line).toMatchObject({
      number: 2,
      shipped: 0,
      left: 2,
      needs_codes: true,
      is_gift: false,
    });
    expect(line.reserved).toHaveLength(1);
    expect(line.lots.map((l: any) => l.lot_id)).toContain(line.reserved[0].lot_id);
    expect(before.payments[0]).toMatchObject({ method: 'balance', status: 'succeeded' });

    const codes = freshCodes(2);
    const form = { ...shipAll(before, () => codes), shipment_count: 0 };
    const shipped = await wh.post(`/api/admin/orders/${id}/ship`, form);
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(201);
    const after = shipped.body.data.order;
    expect(after).toMatchObject({
      status: 'shipped',
      can_ship: false,
      can_cancel: false,
      tracking_no: form.tracking_no,
    });
    expect(after.lines[0]).toMatchObject({ shipped: 2, left: 0 });
    const sid = shipped.body.data.shipment_id;
    expect(after.shipments).toEqual([
      expect.objectContaining({
        id: sid,
        carrier: '顺丰速运',
        tracking_no: form.tracking_no,
        lines: [expect.objectContaining({ lot_id: line.reserved[0].lot_id, number: 2, codes })],
      }),
    ]);

    // Audited, and the buyer is told.
    const audit = await auditOf(id, 'order.ship');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      staff: 'warehouse',
      role: 'warehouse',
      before: { status: 'paid' },
    });
    expect(audit[0].after).toMatchObject({
      status: 'shipped',
      shipment_id: sid,
      tracking_no: form.tracking_no,
    });
    const msgs = (await demo.get('/api/user/messages')).body.data;
    expect(
      msgs.find((m: any) => m.title === '订单已发货' && m.content.includes(before.no)).content,
    ).toContain(form.tracking_no);

    // The buyer's order detail and logistics show carrier, tracking number, lot, expiry and codes.
    const info = (await demo.get(`/api/order/${id}`)).body.data;
    expect(info).toMatchObject({ status: 'shipped', status_text: '待收货' });
    expect(info.shipments[0]).toMatchObject({ carrier: '顺丰速运', tracking_no: form.tracking_no });
    expect(info.shipments[0].lines[0]).toMatchObject({
      batch_no: line.reserved[0].batch_no,
      expires_on: line.reserved[0].expires_on,
      number: 2,
      codes,
    });
    expect(info.logistics[0].text).toContain(form.tracking_no);
    const page = await demo.get(`/order/info/${id}`);
    expect(page.status).toBe(200);
    for (const c of codes) expect(page.body).toContain(c);
    expect((await demo.get(`/order/wl/${id}`)).headers.get('location')).toBe(`/order/info/${id}`);

    // The delivery note: staff print any, a store only its own.
    const note = await wh.get(`/admin/orders/${id}/shipments/${sid}/note`);
    expect(note.status).toBe(200);
    expect(note.body).toContain('随货同行单');
    expect(note.body).toContain(codes[0]);
    expect(note.body).toContain(line.approval_no);
    const own = await demo.get(`/order/info/${id}/note/${sid}`);
    expect(own.status).toBe(200);
    expect(own.body).toContain(line.reserved[0].batch_no);
    expect((await chain.get(`/order/info/${id}/note/${sid}`)).status).toBe(404);
    expect((await demo.get(`/order/info/${id}/note/${sid + 100000}`)).status).toBe(404);
    expect((await wh.get(`/admin/orders/${id}/shipments/${sid + 100000}/note`)).status).toBe(404);

    expect(
      (await wh.post(`/api/admin/orders/${id}/ship`, shipAll(before, codesFor(2)))).status,
    ).toBe(409);

    // Receipt: only the ordering store, only once.
    expect((await chain.post(`/api/order/${id}/receive`)).status).toBe(404);
    const received = await demo.post(`/api/order/${id}/receive`);
    expect(received.status).toBe(200);
    expect(received.body.data).toMatchObject({ status: 'completed', status_text: '已完成' });
    expect(received.body.data.completed_at).not.toBeNull();
    expect((await demo.post(`/api/order/${id}/receive`)).status).toBe(409);
    const late = await wh.post(`/api/admin/orders/${id}/ship`, shipAll(before, codesFor(2)));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('订单已完成，不能发货');
  });

  it('ships in parts; a 满赠 gift ships too, without lot or codes; over-shipping is refused', async () => {
    const wh = staff['warehouse']!;
    const g = await findGoods(demo, FROM + 20, TO, (x) => plainGoods(x) && x.jzl > 4);
    const rule = await createPromotion({
      kind: 'gift',
      goods_id: g.id,
      gift_name: '发货测试赠品',
      buy_number: 2,
      gift_number: 1,
    });
    expect(rule.status).toBe(201);
    const id = await paidOrder(demo, g.id, 4);
    const o = await detail(id);
    const goodsLine = o.lines.find((l: any) => !l.is_gift);
    const gift = o.lines.find((l: any) => l.is_gift);
    expect(gift).toMatchObject({ number: 2, is_gift: true, lots: [], needs_codes: false });
    const lot = goodsLine.reserved[0].lot_id;
    const part = {
      carrier: '京东物流',
      tracking_no: 'JD0001',
      lines: [{ id: goodsLine.id, number: 1, lot_id: lot, codes: codesFor(1)(goodsLine) }],
    };
    const first = await wh.post(`/api/admin/orders/${id}/ship`, part);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.order).toMatchObject({
      status: 'paid',
      status_text: '部分发货',
      shipment_count: 1,
    });
    expect((await demo.post(`/api/order/${id}/receive`)).status).toBe(409);

    const over = await wh.post(`/api/admin/orders/${id}/ship`, {
      ...part,
      lines: [{ id: goodsLine.id, number: 4, lot_id: lot, codes: codesFor(4)(goodsLine) }],
    });
    expect(over.status).toBe(422);
    expect(over.body.errors['lines.0.number'][0]).toBe(
      `${goodsLine.name}最多还可发3${goodsLine.bzdw}`,
    );
    const giftLot = await wh.post(`/api/admin/orders/${id}/ship`, {
      ...part,
      lines: [{ id: gift.id, number: 1, lot_id: lot }],
    });
    expect(giftLot.status).toBe(422);
    expect(giftLot.body.errors['lines.0.lot_id'][0]).toMatch(/赠品，无需选择批号/);
    const giftCodes = await wh.post(`/api/admin/orders/${id}/ship`, {
      ...part,
      lines: [{ id: gift.id, number: 1, codes: freshCodes(1) }],
    });
    expect(giftCodes.status).toBe(422);
    expect(giftCodes.body.errors['lines.0.codes'][0]).toMatch(/赠品，无需扫描追溯码/);
    const giftOver = await wh.post(`/api/admin/orders/${id}/ship`, {
      ...part,
      lines: [{ id: gift.id, number: 3 }],
    });
    expect(giftOver.status).toBe(422);
    // A form made before somebody else's shipment is stale.
    const stale = await wh.post(`/api/admin/orders/${id}/ship`, { ...part, shipment_count: 0 });
    expect(stale.status).toBe(409);

    const rest = await wh.post(`/api/admin/orders/${id}/ship`, {
      carrier: '京东物流',
      tracking_no: 'JD0002',
      shipment_count: 1,
      lines: [
        { id: goodsLine.id, number: 3, lot_id: lot, codes: codesFor(3)(goodsLine) },
        { id: gift.id, number: 2 },
      ],
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    const done = rest.body.data.order;
    expect(done.status).toBe('shipped');
    expect(done.shipped_at).not.toBeNull();
    expect(done.lines.map((l: any) => l.left)).toEqual([0, 0]);
    const giftShipped = done.shipments[1].lines.find((l: any) => l.order_line_id === gift.id);
    expect(giftShipped).toMatchObject({
      lot_id: null,
      batch_no: '',
      expires_on: null,
      number: 2,
      codes: [],
    });
    expect(await auditOf(id, 'order.ship')).toHaveLength(2);
    const info = (await demo.get(`/api/order/${id}`)).body.data;
    expect(info.shipments).toHaveLength(2);
    expect(info.logistics.map((l: any) => l.text)).toEqual([
      '京东物流 运单号 JD0001',
      '京东物流 运单号 JD0002',
    ]);
  });

  it('refuses malformed, repeated, reused and miscounted codes, unknown lines and lots of other goods', async () => {
    const wh = staff['warehouse']!;
    const g = await findGoods(demo, FROM + 40, TO, (x) => plainGoods(x) && isDrug(x) && x.jzl > 3);
    const other = await findGoods(demo, g.id + 1, TO, (x) => x.lots.length > 0);
    const id = await paidOrder(demo, g.id, 3);
    const o = await detail(id);
    const l = o.lines[0];
    const lot = l.reserved[0].lot_id;
    const send = (line: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      wh.post(`/api/admin/orders/${id}/ship`, {
        carrier: '中通快递',
        tracking_no: 'ZT12345',
        lines: [{ id: l.id, number: 3, lot_id: lot, ...line }],
        ...extra,
      });
    const fieldError = async (res: Promise<any>, field: string, message: RegExp) => {
      const r = await res;
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(r.body.errors[field][0]).toMatch(message);
    };
    const [a, b, c] = freshCodes(3) as [string, string, string];
    await fieldError(
      send({ codes: [a, b, c.slice(1)] }),
      'lines.0.codes',
      new RegExp(`追溯码${c.slice(1)}格式不正确`),
    );
    await fieldError(
      send({ codes: [a, b, `${c.slice(1)}X`] }),
      'lines.0.codes',
      /格式不正确，应为20位数字/,
    );
    await fieldError(send({ codes: [a, b, a] }), 'lines.0.codes', new RegExp(`追溯码${a}重复扫描`));
    await fieldError(send({ codes: [a, b] }), 'lines.0.codes', /需扫描3个追溯码，已扫描2个/);
    await fieldError(send({ codes: [] }), 'lines.0.codes', /需扫描3个追溯码/);
    await fieldError(send({ id: 999999, codes: [a, b, c] }), 'lines.0.id', /订单中没有该商品/);
    await fieldError(
      send({ lot_id: other.lots[0].id, codes: [a, b, c] }),
      'lines.0.lot_id',
      /该批号不属于此商品/,
    );
    await fieldError(
      send({ lot_id: 999999, codes: [a, b, c] }),
      'lines.0.lot_id',
      /该批号不属于此商品/,
    );
    await fieldError(send({ number: 0, codes: [] }), 'lines', /请至少填写一个商品的发货数量/);
    await fieldError(send({ number: -1 }), 'lines.0.number', /发货数量不正确/);
    await fieldError(send({ codes: [a, b, c] }, { carrier: '' }), 'carrier', /请填写承运商/);
    await fieldError(
      send({ codes: [a, b, c] }, { tracking_no: '单号 1' }),
      'tracking_no',
      /运单号/,
    );
    // Codes as one scanned block (newline-separated) are read like the list.
    const ok = await send({ number: 1, codes: `${a}\n` });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    await fieldError(
      send({ number: 1, codes: [a] }),
      'lines.0.codes',
      new RegExp(`追溯码${a}已在其他发货中使用`),
    );
    const d = await detail(id);
    expect(d.lines[0]).toMatchObject({ shipped: 1, left: 2 });
    expect(d.shipments).toHaveLength(1);
    expect(await auditOf(id, 'order.ship')).toHaveLength(1);
  });

  it('a line shipped in whole cases takes one code per case, or one per unit', async () => {
    const wh = staff['warehouse']!;
    const g = await findGoods(
      demo,
      FROM,
      TO,
      (x) => plainGoods(x) && isDrug(x) && x.jzl === 10 && Number(x.price) < 50,
    );
    const id = await paidOrder(demo, g.id, 20);
    const o = await detail(id);
    const l = o.lines[0];
    expect(l.case_qty).toBe(10);
    const base = { carrier: '德邦物流', tracking_no: 'DB778899' };
    const bad = await wh.post(`/api/admin/orders/${id}/ship`, {
      ...base,
      lines: [{ id: l.id, number: 10, lot_id: l.reserved[0].lot_id, codes: freshCodes(3) }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/需扫描10个追溯码（整件发货也可扫1个件码），已扫描3个/);
    for (const n of [1, 10]) {
      const r = await wh.post(`/api/admin/orders/${id}/ship`, {
        ...base,
        lines: [{ id: l.id, number: 10, lot_id: l.reserved[0].lot_id, codes: freshCodes(n) }],
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    expect((await detail(id)).status).toBe('shipped');
  });

  it('another lot of the same goods may be picked: the reservation moves with it', async () => {
    const wh = staff['warehouse']!;
    const g = await findGoods(
      demo,
      FROM,
      TO,
      (x) => plainGoods(x) && x.lots.filter((l: any) => !l.near_expiry).length >= 2,
    );
    const id = await paidOrder(demo, g.id, 3);
    const o = await detail(id);
    const l = o.lines[0];
    const reservedLot = l.reserved[0].lot_id;
    const picked = l.lots.find((x: any) => x.lot_id !== reservedLot && !x.near_expiry_only);
    const stockOf = (d: any, lot: number) =>
      d.lines[0].lots.find((x: any) => x.lot_id === lot)?.stock;
    const res = await wh.post(`/api/admin/orders/${id}/ship`, {
      carrier: '顺丰速运',
      tracking_no: 'SF998877',
      lines: [{ id: l.id, number: 3, lot_id: picked.lot_id, codes: codesFor(3)(l) }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const after = res.body.data.order;
    expect(after.lines[0].reserved).toEqual([
      expect.objectContaining({ lot_id: picked.lot_id, number: 3 }),
    ]);
    expect(stockOf(after, reservedLot)).toBe(stockOf(o, reservedLot) + 3);
    expect(stockOf(after, picked.lot_id)).toBe(stockOf(o, picked.lot_id) - 3);
    expect(after.shipments[0].lines[0]).toMatchObject({
      lot_id: picked.lot_id,
      batch_no: picked.batch_no,
    });
    const [row] = await auditOf(id, 'order.ship');
    expect(row.after.moved).toEqual([
      { order_line_id: l.id, from_lot: reservedLot, to_lot: picked.lot_id, number: 3 },
    ]);
    // The goods' own stock is unchanged by the move (it only says which lot).
    const goodsAfter = (await demo.get(`/api/goods/detail/${g.id}`)).body.data;
    expect(goodsAfter.lots.find((x: any) => x.id === reservedLot).stock).toBe(
      stockOf(after, reservedLot),
    );
  });

  it('unpaid and cancelled orders cannot ship (409)', async () => {
    const wh = staff['warehouse']!;
    const g = await findGoods(demo, FROM + 10, TO, plainGoods);
    const id = await placeOrder(demo, g.id, 1);
    const o = await detail(id);
    const unpaid = await wh.post(`/api/admin/orders/${id}/ship`, shipAll(o, codesFor(1)));
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toBe('订单尚未支付，不能发货');
    expect((await demo.post(`/api/order/${id}/cancel`)).status).toBe(200);
    const gone = await wh.post(`/api/admin/orders/${id}/ship`, shipAll(o, codesFor(1)));
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe('订单已取消，不能发货');
  });
});

describe('two staff shipping the same order at once', () => {
  it('one wins, the other gets 409; nothing is shipped, moved or coded twice', async () => {
    const g = await findGoods(
      demo,
      FROM + 50,
      TO,
      (x) =>
        plainGoods(x) &&
        isDrug(x) &&
        x.jzl > 2 &&
        x.lots.filter((l: any) => !l.near_expiry).length >= 2,
    );
    const id = await paidOrder(demo, g.id, 2);
    const o = await detail(id);
    const l = o.lines[0];
    const picked = l.lots.find(
      (x: any) => x.lot_id !== l.reserved[0].lot_id && !x.near_expiry_only,
    );
    const form = (tracking: string) => ({
      carrier: '顺丰速运',
      tracking_no: tracking,
      lines: [{ id: l.id, number: 2, lot_id: picked.lot_id, codes: freshCodes(2) }],
    });
    const results = await Promise.all([
      staff['warehouse']!.post(`/api/admin/orders/${id}/ship`, form('SFRACE0001')),
      staff['admin']!.post(`/api/admin/orders/${id}/ship`, form('SFRACE0002')),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const after = await detail(id);
    expect(after.shipments).toHaveLength(1);
    expect(after.lines[0]).toMatchObject({ shipped: 2, left: 0 });
    expect(after.shipments[0].lines[0].codes).toHaveLength(2);
    const stock = (d: any) => d.lines[0].lots.find((x: any) => x.lot_id === picked.lot_id).stock;
    expect(stock(after)).toBe(stock(o) - 2);
    expect(await auditOf(id, 'order.ship')).toHaveLength(1);
    if (pool) {
      const n = await pool.query(
        `SELECT (SELECT count(*) FROM shipments WHERE order_id = $1)::int AS shipments,
                (SELECT count(*) FROM trace_codes t JOIN shipment_lines sl ON sl.id = t.shipment_line_id
                   JOIN shipments s ON s.id = sl.shipment_id WHERE s.order_id = $1)::int AS codes,
                (SELECT coalesce(sum(number), 0) FROM stock_reservations WHERE order_id = $1)::int AS reserved`,
        [id],
      );
      expect(n.rows[0]).toEqual({ shipments: 1, codes: 2, reserved: 2 });
    }
  });

  it('two orders shipped at once with the same code: one ships, the other is told which code (422)', async () => {
    const g = await findGoods(demo, FROM + 70, TO, (x) => plainGoods(x) && isDrug(x) && x.jzl > 2);
    const [x, y] = [await paidOrder(demo, g.id, 1), await paidOrder(demo, g.id, 1)];
    const [dx, dy] = [await detail(x), await detail(y)];
    const [code] = freshCodes(1);
    const results = await Promise.all([
      staff['warehouse']!.post(
        `/api/admin/orders/${x}/ship`,
        shipAll(dx, () => [code!]),
      ),
      staff['admin']!.post(
        `/api/admin/orders/${y}/ship`,
        shipAll(dy, () => [code!]),
      ),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.status === 422)!.body.message).toContain(code);
  });

  it('PostgreSQL: a picked lot without the stock is refused, never below zero', async () => {
    if (!pool) return;
    const g = await findGoods(
      demo,
      FROM + 80,
      TO,
      (x) => plainGoods(x) && x.lots.filter((l: any) => !l.near_expiry).length >= 2,
    );
    const id = await paidOrder(demo, g.id, 2);
    const o = await detail(id);
    const l = o.lines[0];
    const picked = l.lots.find(
      (x: any) => x.lot_id !== l.reserved[0].lot_id && !x.near_expiry_only,
    );
    await pool.query('UPDATE goods_lots SET stock = 1 WHERE id = $1', [picked.lot_id]);
    try {
      const res = await staff['warehouse']!.post(`/api/admin/orders/${id}/ship`, {
        carrier: '顺丰速运',
        tracking_no: 'SF4040404',
        lines: [{ id: l.id, number: 2, lot_id: picked.lot_id, codes: codesFor(2)(l) }],
      });
      expect(res.status).toBe(422);
      expect(res.body.errors['lines.0.lot_id'][0]).toMatch(/库存不足/);
      const lot = await pool.query('SELECT stock FROM goods_lots WHERE id = $1', [picked.lot_id]);
      expect(lot.rows[0].stock).toBe(1);
    } finally {
      await pool.query('UPDATE goods_lots SET stock = $2 WHERE id = $1', [
        picked.lot_id,
        picked.stock,
      ]);
    }
  });
});

describe('staff cancel an unshipped order', () => {
  it('stock goes back to its lots, the balance payment is refunded through the ledger, audited, the buyer told', async () => {
    const g = await findGoods(demo, FROM + 15, TO, plainGoods);
    const lotsBefore = (await demo.get(`/api/goods/detail/${g.id}`)).body.data.lots;
    const id = await paidOrder(demo, g.id, 2);
    const o = await detail(id);
    const fin = staff['finance']!;
    expect((await fin.post(`/api/admin/orders/${id}/cancel`, { reason: '' })).status).toBe(422);
    const res = await fin.post(`/api/admin/orders/${id}/cancel`, {
      reason: '缺货，与客户协商取消',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'staff',
      cancel_reason: '缺货，与客户协商取消',
      can_cancel: false,
    });
    expect(d.refunds).toEqual([
      expect.objectContaining({ method: 'balance', amount: o.payable_amount, status: 'succeeded' }),
    ]);
    expect(d.lines[0].reserved.every((r: any) => r.released)).toBe(true);
    const lotsAfter = (await demo.get(`/api/goods/detail/${g.id}`)).body.data.lots;
    expect(lotsAfter.map((l: any) => [l.id, l.stock])).toEqual(
      lotsBefore.map((l: any) => [l.id, l.stock]),
    );
    const ledger = (await demo.get('/api/user/user_money_log', { use_type: 1 })).body.data;
    expect(ledger.find((e: any) => e.order_id === id && e.direction === 1)).toMatchObject({
      amount: o.payable_amount,
    });
    const cancelled = await auditOf(id, 'order.cancel');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({
      staff: 'finance',
      role: 'finance',
      before: { status: 'paid' },
    });
    expect(await auditOf(id, 'order.refund')).toHaveLength(1);
    const msgs = (await demo.get('/api/user/messages')).body.data;
    expect(msgs.some((m: any) => m.title === '订单已取消' && m.content.includes('缺货'))).toBe(
      true,
    );
    expect((await demo.get(`/api/order/${id}`)).body.data.status).toBe('cancelled');
    const again = await fin.post(`/api/admin/orders/${id}/cancel`, { reason: '再次取消' });
    expect(again.status).toBe(409);
  });

  it('an unpaid order is cancelled without a refund; a partly shipped or shipped one cannot be', async () => {
    const wh = staff['warehouse']!;
    const g = await findGoods(demo, FROM + 25, TO, (x) => plainGoods(x) && isDrug(x) && x.jzl > 2);
    const unpaid = await placeOrder(demo, g.id, 1);
    const r = await wh.post(`/api/admin/orders/${unpaid}/cancel`, { reason: '客户电话要求取消' });
    expect(r.status).toBe(200);
    expect(r.body.data.refunds).toEqual([]);
    expect(await auditOf(unpaid, 'order.refund')).toHaveLength(0);

    const id = await paidOrder(demo, g.id, 2);
    const o = await detail(id);
    const l = o.lines[0];
    const part = await wh.post(`/api/admin/orders/${id}/ship`, {
      carrier: '顺丰速运',
      tracking_no: 'SF1212121',
      lines: [{ id: l.id, number: 1, lot_id: l.reserved[0].lot_id, codes: freshCodes(1) }],
    });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    const partly = await wh.post(`/api/admin/orders/${id}/cancel`, { reason: '客户要求取消' });
    expect(partly.status).toBe(409);
    expect(partly.body.message).toBe('订单已部分发货，不能取消');
    await wh.post(`/api/admin/orders/${id}/ship`, {
      carrier: '顺丰速运',
      tracking_no: 'SF1212122',
      lines: [{ id: l.id, number: 1, lot_id: l.reserved[0].lot_id, codes: freshCodes(1) }],
    });
    const shipped = await staff['admin']!.post(`/api/admin/orders/${id}/cancel`, {
      reason: '客户要求取消',
    });
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toBe('订单已发货，不能取消');
    expect(await auditOf(id, 'order.cancel')).toHaveLength(0);
  });
});

// Last: the price variant it creates binds a lot of its goods for the rest of the run.
describe('near-expiry lots', () => {
  it('a near-expiry lot goes only to lines bought at its price, and such a line ships only from it', async () => {
    const wh = staff['warehouse']!;
    const g = await findGoods(
      demo,
      FROM + 30,
      TO,
      (x) =>
        plainGoods(x) && x.lots.filter((l: any) => !l.near_expiry).length >= 2 && !x.goods_price_id,
    );
    const normalId = await paidOrder(demo, g.id, 1);
    const normal = await detail(normalId);
    const reserved = normal.lines[0].reserved[0].lot_id;
    const nearLot = g.lots.find((x: any) => x.id !== reserved).id;
    const v = await createPromotion({
      kind: 'variant',
      goods_id: g.id,
      price_kind: 'near_expiry',
      price: 1,
      user_limit: '',
      lot_id: nearLot,
    });
    expect(v.status).toBe(201);
    const variant = v.body.data.id;
    const l = normal.lines[0];
    const wrong = await wh.post(`/api/admin/orders/${normalId}/ship`, {
      carrier: '顺丰速运',
      tracking_no: 'SF5550001',
      lines: [{ id: l.id, number: 1, lot_id: nearLot, codes: codesFor(1)(l) }],
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors['lines.0.lot_id'][0]).toMatch(/为近效期特价批号/);

    const add = await demo.post('/api/cart', {
      params: [{ goods_id: g.id, number: 1, goods_price_id: variant }],
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const cartLine = (await demo.get('/api/cart/list')).body.data.data.find(
      (x: any) => x.goods_price_id === variant,
    );
    const placed = await demo.post('/api/order', {
      key: `nearexp${Date.now()}`,
      ids: [cartLine.id],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const nearId = placed.body.data.order_ids[0];
    expect((await demo.post('/api/pay/balance', { order_id: nearId })).status).toBe(200);
    const near = await detail(nearId);
    const nl = near.lines[0];
    expect(nl.reserved[0].lot_id).toBe(nearLot);
    const away = await wh.post(`/api/admin/orders/${nearId}/ship`, {
      carrier: '顺丰速运',
      tracking_no: 'SF5550002',
      lines: [{ id: nl.id, number: 1, lot_id: reserved, codes: codesFor(1)(nl) }],
    });
    expect(away.status).toBe(422);
    expect(away.body.errors['lines.0.lot_id'][0]).toMatch(/只能从其近效期批号发货/);
    const right = await wh.post(`/api/admin/orders/${nearId}/ship`, {
      carrier: '顺丰速运',
      tracking_no: 'SF5550003',
      lines: [{ id: nl.id, number: 1, codes: codesFor(1)(nl) }],
    });
    expect(right.status, JSON.stringify(right.body)).toBe(201);
    expect(right.body.data.order.shipments[0].lines[0].lot_id).toBe(nearLot);
  });
});

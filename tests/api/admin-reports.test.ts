// Reports, exports and inboxes of the back office: who may call them, the period's validation
// (400 in Chinese), figures that move by the orders this file places, the .xlsx contents opened
// with exceljs (headers, rows, formula-looking text kept as text), and answers that reach the
// buyer's messages with an audit row.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '#/lib/staffRoles.ts';
import { auditActions, fen, freshBuyer, pay, placeOrder } from '../support/backoffice.ts';
import type { Client } from '../support/http.ts';
import { registerMember } from '../support/members.ts';
import { staffLogin } from '../support/staff.ts';

const GOODS_FROM = 760;
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const X = 2_147_483_000;

let staff: Record<StaffRole, Client>;
beforeAll(async () => {
  const clients = await Promise.all(STAFF_ROLES.map((r) => staffLogin(r)));
  staff = Object.fromEntries(STAFF_ROLES.map((r, i) => [r, clients[i]!])) as typeof staff;
});

/** GET as `c`, answering the raw bytes (the JSON client reads text). */
async function download(c: Client, path: string, query: Record<string, string> = {}) {
  const url = new URL(path, c.base);
  url.search = new URLSearchParams(query).toString();
  const res = await fetch(url, {
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return {
    status: res.status,
    headers: res.headers,
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** Each sheet of the workbook as rows of cell values, the header row first. */
async function sheets(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: Record<string, { rows: unknown[][]; sheet: ExcelJS.Worksheet }> = {};
  book.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    out[sheet.name] = { rows, sheet };
  });
  return out;
}

describe('who may call the reports, exports and inboxes', () => {
  const CALLS: { path: string; roles: StaffRole[]; method?: 'POST'; form?: object; ok?: number }[] =
    [
      { path: '/api/admin/reports/sales', roles: ['finance'] },
      { path: '/api/admin/reports/export', roles: ['finance'] },
      { path: '/api/admin/orders/export', roles: ['warehouse', 'finance'] },
      { path: '/api/admin/stores/export', roles: ['reviewer', 'finance'] },
      { path: '/api/admin/inbox/wanted', roles: ['service'] },
      { path: '/api/admin/inbox/feedback', roles: ['service'] },
      {
        path: `/api/admin/inbox/wanted/${X}/reply`,
        method: 'POST',
        form: { reply: '您好，已为您登记' },
        roles: ['service'],
        ok: 404,
      },
      {
        path: `/api/admin/inbox/feedback/${X}/reply`,
        method: 'POST',
        form: { reply: '您好，已为您登记' },
        roles: ['service'],
        ok: 404,
      },
    ];
  it.each(CALLS)('$path: its roles and admin pass, others get 403 in Chinese', async (call) => {
    for (const role of STAFF_ROLES) {
      const c = staff[role];
      const res =
        call.method === 'POST' ? await c.post(call.path, call.form) : await download(c, call.path);
      const allowed = role === 'admin' || call.roles.includes(role);
      expect(res.status, `${role} ${call.path}`).toBe(allowed ? (call.ok ?? 200) : 403);
      if (!allowed && 'body' in res) expect(res.body.message).toMatch(/没有权限/);
    }
    const buyer = (await registerMember()).client;
    const asBuyer =
      call.method === 'POST' ? await buyer.post(call.path, call.form) : await buyer.get(call.path);
    expect(asBuyer.status).toBe(401);
  });
});

describe('the report period', () => {
  it.each([
    [{ from: '2026-13-01' }, '日期不存在'],
    [{ from: '2026/01/01' }, '日期格式不正确'],
    [{ to: '2026-02-30' }, '日期不存在'],
    [{ from: '2026-03-02', to: '2026-03-01' }, '开始日期不能晚于结束日期'],
    [{ from: '2024-01-01', to: '2025-12-31' }, '统计区间最长366天'],
    [{ from: '2026-01-01', to: '2026-01-31', by: 'year' }, '统计周期'],
    [{ 'from[a]': '2026-01-01' }, '日期格式不正确'],
  ])('%o answers 400: %s', async (query, message) => {
    for (const path of ['/api/admin/reports/sales', '/api/admin/reports/export']) {
      const res = await staff.finance.get(path, query);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toContain(message);
    }
  });

  it('takes a whole year, defaults to the last 30 days and fills days without orders', async () => {
    const year = await staff.finance.get('/api/admin/reports/sales', {
      from: '2025-01-01',
      to: '2025-12-31',
      by: 'month',
    });
    expect(year.status).toBe(200);
    expect(year.body.data.series.map((p: any) => p.period)).toHaveLength(12);
    expect(year.body.data.series[0]).toEqual({
      period: '2025-01',
      orders: 0,
      amount: '0.00',
      buyers: 0,
      average_order: '0.00',
    });
    const last30 = await staff.admin.get('/api/admin/reports/sales');
    expect(last30.status).toBe(200);
    expect(last30.body.data.to).toBe(today());
    expect(last30.body.data.series).toHaveLength(30);
    const weeks = await staff.finance.get('/api/admin/reports/sales', {
      from: '2026-11-01',
      to: '2026-11-30',
      by: 'week',
    });
    // 1 November 2026 is a Sunday: its week starts on Monday 26 October.
    expect(weeks.body.data.series.map((p: any) => p.period)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
  });
});

describe('figures that move by what this file places', () => {
  it('counts a paid order in sales, top buyers, payments and the workbook', async () => {
    const day = { from: today(), to: today() };
    const before = (await staff.finance.get('/api/admin/reports/sales', day)).body.data;
    const buyer = await freshBuyer({ balance: 50_000_000 });
    const order = await pay(buyer, await placeOrder(buyer, GOODS_FROM, 30), 'balance');
    const after = (await staff.finance.get('/api/admin/reports/sales', day)).body.data;
    // Other files may order at the same time: at least what this test placed.
    expect(after.orders - before.orders).toBeGreaterThanOrEqual(1);
    expect(fen(after.amount) - fen(before.amount)).toBeGreaterThanOrEqual(
      fen(order.payable_amount),
    );
    expect(after.buyers - before.buyers).toBeGreaterThanOrEqual(1);
    expect(after.series).toHaveLength(1);
    expect(after.series[0].orders).toBe(after.orders);

    const res = await download(staff.finance, '/api/admin/reports/export', {
      ...day,
      table: 'all',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="report-all-/);
    const book = await sheets(res.bytes);
    expect(Object.keys(book)).toEqual([
      '订单与金额',
      '热销商品 TOP 10',
      '采购门店 TOP 10',
      '专属客服业绩',
      '新注册与资质通过',
      '支付方式',
      '退款',
      '浏览与下单',
    ]);
    const buyers = book['采购门店 TOP 10']!.rows;
    expect(buyers[0]).toEqual(['门店', '省份', '订单数', '金额（元）']);
    const company = (await buyer.get('/api/user/stores')).body.data[0].name;
    expect(buyers).toContainEqual([company, '湖北省', 1, fen(order.payable_amount) / 100]);
    const paidBy = book['支付方式']!.rows;
    expect(paidBy[0]).toEqual(['支付方式', '订单数', '金额（元）']);
    expect(paidBy.find((r) => r[0] === '余额支付')).toBeDefined();
    const signups = book['新注册与资质通过']!.rows;
    expect(signups[1]![0]).toBe(today());
    expect(signups[1]![1]).toBeGreaterThanOrEqual(1);
    expect(signups[1]![2]).toBeGreaterThanOrEqual(1);

    const one = await download(staff.admin, '/api/admin/reports/export', {
      ...day,
      table: 'top_goods',
    });
    expect(Object.keys(await sheets(one.bytes))).toEqual(['热销商品 TOP 10']);
    const bad = await staff.finance.get('/api/admin/reports/export', { ...day, table: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('报表名称不正确');
  });
});

describe('the pre-summed figures agree with the orders', () => {
  type Both = Record<
    'stores' | 'goods' | 'goodsMonths' | 'payments' | 'visits',
    { kept: any[]; live: any[] }
  >;
  const tallies = async (): Promise<Both> => {
    const res = await staff.finance.get('/api/dev/report_tallies');
    expect(res.status).toBe(200);
    return res.body.data;
  };
  /** Every table as kept equals the same sums made afresh from the orders and page views. */
  const agree = async () => {
    const t = await tallies();
    for (const [name, { kept, live }] of Object.entries(t)) expect(kept, name).toEqual(live);
    return t;
  };
  /** Today's sales as the API answers them and as summed from the orders, in a quiet moment. */
  const todaysSales = async () => {
    for (;;) {
      const sum = (t: Both) => {
        const rows = t.stores.live.filter((r) => r.day === today());
        return {
          orders: rows.reduce((n, r) => n + r.orders, 0),
          amount: rows.reduce((n, r) => n + Number(r.amount), 0),
          buyers: rows.length,
        };
      };
      const before = sum(await tallies());
      const api = (
        await staff.finance.get('/api/admin/reports/sales', { from: today(), to: today() })
      ).body.data;
      // Another file's order between the reads: read again.
      if (JSON.stringify(sum(await tallies())) !== JSON.stringify(before)) continue;
      expect({ orders: api.orders, amount: fen(api.amount), buyers: api.buyers }).toEqual(before);
      return before;
    }
  };

  /** The top goods' amounts of a period as the workbook lists them and as summed from the orders. */
  const topGoodsAgree = async (period: { from: string; to: string }) => {
    for (;;) {
      const before = await tallies();
      const res = await download(staff.finance, '/api/admin/reports/export', {
        ...period,
        table: 'top_goods',
      });
      // Another file's order between the reads: read again.
      if (JSON.stringify((await tallies()).goods) !== JSON.stringify(before.goods)) continue;
      const byGoods = new Map<number, number>();
      for (const r of before.goods.live)
        if (r.day >= period.from && r.day <= period.to)
          byGoods.set(r.key, (byGoods.get(r.key) ?? 0) + Number(r.amount));
      const expected = [...byGoods.values()]
        .sort((a, b) => b - a)
        .slice(0, 10)
        .map((f) => f / 100);
      const listed = (await sheets(res.bytes))['热销商品 TOP 10']!.rows.slice(1).map((r) => r[5]);
      expect(listed).toEqual(expected);
      return;
    }
  };

  it('after orders placed, paid, cancelled by the buyer and cancelled with a refund by staff', async () => {
    const buyer = await freshBuyer({ balance: 50_000_000 });
    const start = await todaysSales();
    const placed = await placeOrder(buyer, GOODS_FROM, 4);
    await agree();
    const one = await todaysSales();
    expect(one.orders - start.orders).toBeGreaterThanOrEqual(1);

    await pay(buyer, placed, 'balance');
    const paid = await agree();
    expect(paid.payments.live.some((r) => r.day === today() && r.key === 'balance')).toBe(true);

    const dropped = await placeOrder(buyer, GOODS_FROM, 2);
    await agree();
    expect((await buyer.post(`/api/order/${dropped.id}/cancel`)).status).toBe(200);
    await agree();
    await todaysSales();

    const refunded = await pay(buyer, await placeOrder(buyer, GOODS_FROM, 3), 'balance');
    await agree();
    const cancelled = await staff.finance.post(`/api/admin/orders/${refunded.id}/cancel`, {
      reason: '客户要求取消',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await agree();
    await todaysSales();
    // This whole month's top goods are read from the monthly sums, today's from the daily ones.
    const [y, m] = today().split('-').map(Number) as [number, number];
    const monthEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    await topGoodsAgree({ from: `${today().slice(0, 7)}-01`, to: monthEnd });
    await topGoodsAgree({ from: today(), to: today() });
  });
});

describe('exports', () => {
  it('orders with lines, filtered as on the order desk, formula-looking text kept as text', async () => {
    const name = `=HYPERLINK("http://x","点我")${Date.now().toString(36)}药房`;
    const buyer = await freshBuyer({ balance: 10_000_000 }, { company_name: name });
    const order = await pay(buyer, await placeOrder(buyer, GOODS_FROM + 15, 2), 'balance');
    const res = await download(staff.warehouse, '/api/admin/orders/export', {
      status: 'paid',
      q: order.no,
      from: today(),
      to: today(),
    });
    expect(res.status).toBe(200);
    const book = await sheets(res.bytes);
    const orders = book['订单']!;
    expect(orders.rows[0]!.slice(0, 6)).toEqual([
      '订单号',
      '门店',
      '状态',
      '下单时间',
      '支付方式',
      '支付时间',
    ]);
    expect(orders.rows).toHaveLength(2);
    const [no, company, status, , method] = orders.rows[1]!;
    expect(no).toBe(order.no);
    expect(company).toBe(`'${name}`);
    expect(orders.sheet.getCell('B2').type).toBe(ExcelJS.ValueType.String);
    expect([status, method]).toEqual(['待发货', '余额支付']);
    expect(orders.rows[1]![11]).toBe(fen(order.payable_amount) / 100);
    const lines = book['订单明细']!;
    expect(lines.rows[0]).toEqual([
      '订单号',
      '商品编码',
      '商品名称',
      '规格',
      '生产厂家',
      '批准文号',
      '单位',
      '数量',
      '单价',
      '金额',
      '分摊优惠',
      '实付金额',
    ]);
    expect(lines.rows).toHaveLength(1 + order.lines.length);
    expect(lines.rows[1]![0]).toBe(no);
    expect(lines.rows[1]![2]).toBe(order.lines[0].name);
    expect(lines.rows[1]![7]).toBe(2);

    const shippedTab = await download(staff.finance, '/api/admin/orders/export', {
      status: 'shipped',
      q: String(no),
    });
    expect((await sheets(shippedTab.bytes))['订单']!.rows).toHaveLength(1);
    const badDate = await staff.finance.get('/api/admin/orders/export', { from: '2026-99-01' });
    expect(badDate.status).toBe(422);
    expect(badDate.body.message).toBe('日期格式不正确');
  });

  it('every order at once, streamed: each order once, its lines under it, in the same order', async () => {
    const buyer = await freshBuyer({ balance: 10_000_000 });
    const placed = await pay(buyer, await placeOrder(buyer, GOODS_FROM + 16, 2), 'balance');
    const res = await download(staff.finance, '/api/admin/orders/export', { status: 'all' });
    expect(res.status).toBe(200);
    // Sent as it is written: no length is known before the last row.
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="orders-all-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const book = await sheets(res.bytes);
    const nos = book['订单']!.rows.slice(1).map((r) => r[0] as string);
    expect(new Set(nos).size).toBe(nos.length);
    expect(nos).toContain(placed.no);
    const lines = book['订单明细']!.rows.slice(1);
    // The lines' orders, each run of lines taken once, are the order sheet's orders in its order.
    const runs = lines.map((l) => l[0] as string).filter((no, i, all) => no !== all[i - 1]);
    expect(new Set(runs).size).toBe(runs.length);
    const position = new Map(nos.map((no, i) => [no, i]));
    expect(runs.every((no) => position.has(no))).toBe(true);
    const at = runs.map((no) => position.get(no)!);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(lines.filter((l) => l[0] === placed.no)).toHaveLength(placed.lines.length);
  });

  it('the buyer list with licence expiry dates', async () => {
    const buyer = await freshBuyer();
    const company = (await buyer.get('/api/user/stores')).body.data[0].name;
    const res = await download(staff.reviewer, '/api/admin/stores/export', { q: company });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="buyers-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const book = await sheets(res.bytes);
    const stores = book['门店']!.rows;
    expect(stores[0]).toContain('最早到期资质');
    expect(stores).toHaveLength(2);
    const expiry = stores[1]![stores[0]!.indexOf('最早到期资质')];
    expect(expiry).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(stores[1]![stores[0]!.indexOf('认证')]).toBe('已认证');
    const papers = book['资质证件']!.rows;
    expect(papers[0]).toEqual(['门店', '证件', '证号', '有效期至', '审核状态']);
    expect(papers.slice(1)).toContainEqual([
      company,
      '药品经营许可证',
      '鄂AA0271313',
      expiry,
      '已通过',
    ]);
  });
});

describe('exports are audited', () => {
  it('every spreadsheet taken records who, which filter and how many rows', async () => {
    const buyer = await freshBuyer();
    const company = (await buyer.get('/api/user/stores')).body.data[0].name;
    const taken: [Client, string, Record<string, string>, string, string][] = [
      [staff.reviewer, '/api/admin/stores/export', { q: company }, 'buyers', 'reviewer'],
      [staff.warehouse, '/api/admin/orders/export', { status: 'paid' }, 'orders', 'warehouse'],
      [staff.merchandiser, '/api/admin/goods/export', { q: '阿莫西林' }, 'goods', 'merchandiser'],
      [staff.finance, '/api/admin/reports/export', { table: 'all' }, 'report', 'finance'],
    ];
    for (const [client, path, query, kind, login] of taken) {
      expect((await download(client, path, query)).status, path).toBe(200);
      const audit = await staff.admin.get('/api/admin/audit', {
        entity: 'export',
        entity_id: kind,
        limit: 1,
      });
      const [row] = audit.body.data.rows;
      expect(row, path).toMatchObject({ action: `export.${kind}`, role: login });
      expect(row.after.rows, path).toBeGreaterThanOrEqual(
        kind === 'goods' || kind === 'buyers' ? 1 : 0,
      );
      expect(row.after.filter, path).toMatchObject(kind === 'report' ? { table: 'all' } : query);
    }
  });
});

describe('inboxes', () => {
  it('a reply to feedback reaches the login, is audited and moves it to 已回复', async () => {
    const m = await registerMember();
    expect(
      (await m.client.post('/api/user/feedback', { content: '希望增加夜间配送', contact: m.phone }))
        .status,
    ).toBe(201);
    // Newest first under 全部 (the pending tab shows the oldest first).
    const pending = await staff.service.get('/api/admin/inbox/feedback', { status: 'all' });
    const row = pending.body.data.find((f: any) => f.username === m.username);
    expect(row).toMatchObject({ content: '希望增加夜间配送', reply: '', replied_at: null });
    const short = await staff.service.post(`/api/admin/inbox/feedback/${row.id}/reply`, {
      reply: '好',
    });
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('回复至少2个字');
    const ok = await staff.service.post(`/api/admin/inbox/feedback/${row.id}/reply`, {
      reply: '已安排晚间班次，谢谢建议',
    });
    expect(ok.status).toBe(200);
    const msgs = (await m.client.get('/api/user/messages')).body.data;
    expect(msgs[0]).toMatchObject({ title: '意见反馈回复', link: '/yjfk', is_read: false });
    expect(msgs[0].content).toContain('已安排晚间班次，谢谢建议');
    const mine = (await m.client.get('/api/user/feedback')).body.data;
    expect(mine[0].reply).toBe('已安排晚间班次，谢谢建议');
    const replied = await staff.service.get('/api/admin/inbox/feedback', { status: 'replied' });
    expect(replied.body.data.map((f: any) => f.id)).toContain(row.id);
    expect(await auditActions(staff.admin, 'feedback', row.id)).toEqual(['feedback.reply']);
    expect((await staff.service.get('/api/admin/inbox/feedback', { status: 'x' })).status).toBe(
      422,
    );
  });

  it('a wanted-request replied, then marked arrived with goods on sale, tells the buyer', async () => {
    const m = await registerMember();
    const made = await m.client.post('/api/user/buy', {
      goods_name: '测试求购品种',
      quantity: 10,
      phone: m.phone,
      expected_price: '8.8',
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    const list = await staff.service.get('/api/admin/inbox/wanted', { status: 'all' });
    expect(list.body.data.find((w: any) => w.id === id)).toMatchObject({
      goods_name: '测试求购品种',
      expected_price: '8.80',
      status: 'pending',
      arrived_goods: null,
    });
    expect(
      (await staff.service.post(`/api/admin/inbox/wanted/${id}/reply`, { reply: '正在联系厂家' }))
        .status,
    ).toBe(200);
    expect((await m.client.get(`/api/user/buy/${id}`)).body.data).toMatchObject({
      status: 'replied',
      status_text: '已回复',
      reply: '正在联系厂家',
    });
    for (const [form, message] of [
      [{ goods_id: '' }, '请填写到货商品编号'],
      [{ goods_id: 'abc' }, '编号不正确'],
      [{ goods_id: X }, '商品不存在，请核对商品编号'],
    ] as const) {
      const res = await staff.service.post(`/api/admin/inbox/wanted/${id}/arrived`, form);
      expect(res.status, JSON.stringify(form)).toBe(422);
      expect(res.body.message).toBe(message);
    }
    const arrived = await staff.service.post(`/api/admin/inbox/wanted/${id}/arrived`, {
      goods_id: GOODS_FROM + 30,
    });
    expect(arrived.status, JSON.stringify(arrived.body)).toBe(200);
    const view = (await m.client.get(`/api/user/buy/${id}`)).body.data;
    expect(view).toMatchObject({
      status: 'arrived',
      status_text: '已到货',
      goods_url: `/list/info/${GOODS_FROM + 30}`,
    });
    const msgs = (await m.client.get('/api/user/messages')).body.data;
    expect(msgs[0].title).toMatch(/^求购到货：/);
    expect(msgs[0].link).toBe(`/list/info/${GOODS_FROM + 30}`);
    expect(msgs[1]).toMatchObject({ title: '求购回复：测试求购品种', content: '正在联系厂家' });
    const again = await staff.service.post(`/api/admin/inbox/wanted/${id}/reply`, {
      reply: '再次回复',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('该求购已处理完毕');
    expect(await auditActions(staff.admin, 'wanted_request', id)).toEqual([
      'wanted.reply',
      'wanted.arrived',
    ]);
    const closedOnce = await staff.service.post(`/api/admin/inbox/wanted/${id}/close`, {
      reply: '厂家已停产',
    });
    expect(closedOnce.status).toBe(409);
  });

  it('a wanted-request the shop will not stock is closed with the reason the buyer reads', async () => {
    const m = await registerMember();
    const made = await m.client.post('/api/user/buy', {
      goods_name: '停产品种',
      quantity: 1,
      phone: m.phone,
    });
    const id = made.body.data.id;
    const noReason = await staff.service.post(`/api/admin/inbox/wanted/${id}/close`, {});
    expect(noReason.status).toBe(422);
    expect(noReason.body.message).toBe('请填写回复内容');
    expect(
      (
        await staff.service.post(`/api/admin/inbox/wanted/${id}/close`, {
          reply: '厂家已停产，暂无替代',
        })
      ).status,
    ).toBe(200);
    expect((await m.client.get(`/api/user/buy/${id}`)).body.data).toMatchObject({
      status: 'closed',
      status_text: '已关闭',
      reply: '厂家已停产，暂无替代',
      goods_url: null,
    });
    const msgs = (await m.client.get('/api/user/messages')).body.data;
    expect(msgs[0]).toMatchObject({ title: '求购已关闭：停产品种', link: `/pzqg/info?id=${id}` });
    const closed = await staff.service.get('/api/admin/inbox/wanted', { status: 'closed' });
    expect(closed.body.data.map((w: any) => w.id)).toContain(id);
    expect(await auditActions(staff.admin, 'wanted_request', id)).toEqual(['wanted.close']);
  });
});

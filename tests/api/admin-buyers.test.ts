// The buyer desks: licence review (queue, scope, rejection, expiry reminders) and store profiles
// (profile, credit terms, controlled-sales allow-lists, e-contract). Who may call what, bad input,
// the buyer seeing each change on the next request, and an audit row for every change.
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '#/lib/staffRoles.ts';
import {
  auditActions,
  companyIdOf,
  freshBuyer,
  messageTitles,
  PNG,
  pay,
  placeOrder,
} from '../support/backoffice.ts';
import { Client } from '../support/http.ts';
import { type IpClient, registerMember } from '../support/members.ts';
import { addBuyable, login, submissionKey } from '../support/shop.ts';
import { staffLogin } from '../support/staff.ts';

/** This file's goods ids (other files use other ranges). */
const GOODS_FROM = 10;
const X = 2_147_483_000;
const isoDay = (n: number) =>
  new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

let staff: Record<StaffRole, Client>;
beforeAll(async () => {
  const clients = await Promise.all(STAFF_ROLES.map((r) => staffLogin(r)));
  staff = Object.fromEntries(STAFF_ROLES.map((r, i) => [r, clients[i]!])) as typeof staff;
});

async function upload(
  c: IpClient,
  type: string,
  number: string,
  expiresOn = isoDay(300),
): Promise<number> {
  const form = new FormData();
  form.set('type', type);
  form.set('number', number);
  form.set('expires_on', expiresOn);
  form.set('file', new Blob([Buffer.from(PNG)], { type: 'image/png' }), 'licence.png');
  const res = await c.request('POST', '/api/user/zizhi', { body: form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

const review = (id: number, form: object) =>
  staff.reviewer.post(`/api/admin/licences/${id}/review`, form);

/** The licence as the desk lists it under `state`, searched by the buyer's username. */
async function deskRow(state: string, q: string, id: number) {
  const res = await staff.reviewer.get('/api/admin/licences', { state, q });
  expect(res.status).toBe(200);
  return res.body.data.find((r: any) => r.id === id);
}

/** The buyer's current licence id of a type (the newest upload). */
async function licenceOf(c: Client, type = 'drug_trade'): Promise<number> {
  const list = (await c.get('/api/user/zizhi')).body.data.list;
  return list.filter((l: any) => l.type === type).at(-1).id;
}

describe('who may call the buyer desks', () => {
  type Call = {
    method: 'GET' | 'POST';
    path: string;
    form?: object;
    roles: StaffRole[];
    ok: number;
  };
  const CALLS: Call[] = [
    { method: 'GET', path: '/api/admin/licences', roles: ['reviewer'], ok: 200 },
    {
      method: 'POST',
      path: `/api/admin/licences/${X}/review`,
      form: { state: 'approved' },
      roles: ['reviewer'],
      ok: 404,
    },
    { method: 'POST', path: `/api/admin/licences/${X}/remind`, roles: ['reviewer'], ok: 404 },
    { method: 'GET', path: `/api/admin/licences/${X}/file`, roles: ['reviewer'], ok: 404 },
    { method: 'GET', path: '/api/admin/stores', roles: ['reviewer', 'finance'], ok: 200 },
    { method: 'GET', path: `/api/admin/stores/${X}`, roles: ['reviewer', 'finance'], ok: 404 },
    {
      method: 'POST',
      path: `/api/admin/stores/${X}`,
      form: {
        type: 'pharmacy',
        province: '湖北省',
        city: '武汉市',
        rank: 1,
        admin_id: 1,
        is_can_chat: '1',
      },
      roles: ['reviewer'],
      ok: 404,
    },
    {
      method: 'POST',
      path: `/api/admin/stores/${X}/credit`,
      form: { credit_limit: '0', bill_day: '' },
      roles: ['finance'],
      ok: 404,
    },
    {
      method: 'POST',
      path: `/api/admin/stores/${X}/allow_list`,
      form: { goods_id: 1, allow: '1' },
      roles: ['reviewer'],
      ok: 404,
    },
    {
      method: 'POST',
      path: `/api/admin/stores/${X}/contract/reset`,
      form: { reason: '合同版本更新' },
      roles: ['reviewer'],
      ok: 404,
    },
  ];
  const call = (c: Client, x: Call) =>
    x.method === 'GET' ? c.get(x.path) : c.request('POST', x.path, x.form ? { form: x.form } : {});

  it('visitors and buyer sessions get 401', async () => {
    const visitor = new Client();
    const buyer = await login('demo');
    for (const x of CALLS) {
      expect((await call(visitor, x)).status, `${x.method} ${x.path}`).toBe(401);
      expect((await call(buyer, x)).status, `${x.method} ${x.path}`).toBe(401);
    }
  });

  it('each role against each endpoint: 403 without the role, through with it (admin always)', async () => {
    for (const x of CALLS)
      for (const role of STAFF_ROLES) {
        const res = await call(staff[role], x);
        const allowed = role === 'admin' || x.roles.includes(role);
        expect(res.status, `${role} ${x.method} ${x.path}`).toBe(allowed ? x.ok : 403);
        if (!allowed) expect(res.body.message).toMatch(/^没有权限：需要「/);
      }
  });

  it('the screens and their menu entries follow the same roles', async () => {
    const demoStore = (await staff.admin.get('/api/admin/stores', { q: '武汉仁心大药房' })).body
      .data[0].id;
    const pages = [
      { path: '/admin/licences', roles: ['reviewer'], menu: true },
      { path: '/admin/stores', roles: ['reviewer', 'finance'], menu: true },
      { path: `/admin/stores/${demoStore}`, roles: ['reviewer', 'finance'], menu: false },
    ];
    for (const p of pages)
      for (const role of STAFF_ROLES) {
        const res = await staff[role].get(p.path);
        const allowed = role === 'admin' || p.roles.includes(role);
        expect(res.status, `${role} ${p.path}`).toBe(allowed ? 200 : 403);
        if (p.menu)
          expect(String(res.body).includes(`href="${p.path}"`), `${role} menu ${p.path}`).toBe(
            allowed,
          );
      }
    expect((await staff.reviewer.get(`/admin/stores/${X}`)).status).toBe(404);
    expect((await staff.reviewer.get('/admin/stores/abc')).status).toBe(404);
  });
});

describe('the licence queue', () => {
  it('lists submitted licences oldest first with the store, its type and region, and the scan', async () => {
    const m = await registerMember({ province: '广东省', city: '深圳市' });
    const first = await upload(m.client, 'business', '91440300MA5G00001K');
    const second = await upload(m.client, 'drug_trade', '粤AA7550001');
    const res = await staff.reviewer.get('/api/admin/licences', { q: m.username });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: any) => r.id)).toEqual([first, second]);
    expect(res.body.data[1]).toMatchObject({
      type: 'drug_trade',
      type_name: '药品经营许可证',
      number: '粤AA7550001',
      state: 'pending',
      required: true,
      file_url: `/api/admin/licences/${second}/file`,
      file_kind: 'image',
      company: {
        name: m.companyName,
        username: m.username,
        type: 'pharmacy',
        type_name: '零售药店',
        province: '广东省',
        city: '深圳市',
        is_passed: false,
        proposed_jyfw: ['otc_a', 'otc_b', 'rx', 'herb', 'device_1', 'device_2', 'health_food'],
      },
    });
    expect(res.body.data[0].required).toBe(false);
    // Searched by licence number too; the file comes back as the image it is.
    const byNumber = await staff.reviewer.get('/api/admin/licences', { q: '粤AA7550001' });
    expect(byNumber.body.data.map((r: any) => r.id)).toContain(second);
    const file = await staff.reviewer.get(`/api/admin/licences/${second}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');

    const page = String((await staff.reviewer.get('/admin/licences', { q: m.username })).body);
    expect(page).toContain(`src="/api/admin/licences/${second}/file"`);
    expect(page).toContain('广东省深圳市');
  });

  it('refuses bad filters and bad reviews with Chinese messages; nothing changes', async () => {
    expect((await staff.reviewer.get('/api/admin/licences', { state: 'bogus' })).status).toBe(422);
    expect((await staff.reviewer.get('/api/admin/licences', { page: 'x' })).status).toBe(422);
    const m = await registerMember();
    const business = await upload(m.client, 'business', '91420100MA4K00001X');
    const drug = await upload(m.client, 'drug_trade', '鄂AA0275001');
    const refused = async (id: number | string, form: object, message: string, status = 422) => {
      const res = await staff.reviewer.post(`/api/admin/licences/${id}/review`, form);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.message).toBe(message);
    };
    await refused(drug, { state: 'maybe' }, '请选择审核结果');
    await refused(drug, { state: 'rejected' }, '请填写驳回原因');
    await refused(drug, { state: 'rejected', remark: ' ' }, '请填写驳回原因');
    await refused(drug, { state: 'approved', jyfw: 'rx,nonsense' }, '经营范围不正确');
    await refused(drug, { state: 'approved', jyfw: '' }, '请至少选择一项经营范围');
    await refused(drug, { state: 'approved', jyfw: { a: { b: 'rx' } } }, '经营范围不正确');
    await refused(drug, { state: 'approved', remark: 'x'.repeat(201) }, '审核意见最多200个字');
    await refused(
      business,
      { state: 'approved', jyfw: 'rx' },
      '经营范围随药品经营许可证审核通过时设置',
    );
    await refused('abc', { state: 'approved' }, '编号不正确');
    await refused(X, { state: 'approved' }, '证件不存在', 404);
    // An expired licence cannot be approved.
    expect(
      (await m.client.post('/api/dev/licence_expiry', { id: drug, expires_on: isoDay(-2) })).status,
    ).toBe(200);
    await refused(drug, { state: 'approved' }, '证件已过期，不能审核通过，请提醒客户上传新证');
    expect((await m.client.get('/api/user/zizhi')).body.data.list.map((l: any) => l.state)).toEqual(
      ['pending', 'pending'],
    );
    expect(await auditActions(staff.admin, 'licence', drug)).toEqual([]);
  });

  it('approving with a scope approves the store; the buyer is told; the audit keeps before and after', async () => {
    const m = await registerMember();
    const id = await upload(m.client, 'drug_trade', '鄂AA0275002');
    const res = await review(id, { state: 'approved', jyfw: ['rx', 'otc_a', 'rx'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      state: 'approved',
      reviewed_by: 'reviewer',
      company: { is_passed: true, jyfw: ['rx', 'otc_a'] },
    });
    expect((await m.client.get('/api/user/base')).body.data.is_passed).toBe(true);
    expect((await m.client.get('/api/user/jyfw')).body.data.map((s: any) => s.code)).toEqual([
      'rx',
      'otc_a',
    ]);
    expect((await messageTitles(m.client))[0]).toBe('资质审核通过');
    expect(await deskRow('approved', m.username, id)).toBeTruthy();
    expect(await deskRow('pending', m.username, id)).toBeUndefined();
    const audit = await staff.admin.get('/api/admin/audit', { entity: 'licence', entity_id: id });
    expect(audit.body.data.rows[0]).toMatchObject({
      action: 'licence.approve',
      staff: 'reviewer',
      role: 'reviewer',
      before: { state: 'pending', company: { is_passed: false, jyfw: [] } },
      after: { state: 'approved', company: { is_passed: true, jyfw: ['rx', 'otc_a'] } },
    });
  });
});

describe('a store is approved only while its required licence is approved and in date', () => {
  it('approve → order works → reject the licence → order refused; a new upload is "in review"', async () => {
    const buyer = await freshBuyer({ balance: 10_000_000 });
    const licence = await licenceOf(buyer);
    const placed = await placeOrder(buyer, GOODS_FROM, 1);
    expect(placed.status).toBe('unpaid');
    const line = await addBuyable(buyer, GOODS_FROM, 1);

    const rejected = await review(licence, { state: 'rejected', remark: '许可证已被吊销' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.company.is_passed).toBe(false);
    const order = await buyer.post('/api/order', { key: submissionKey(), ids: [line.id] });
    expect(order.status).toBe(422);
    expect(order.body.message).toBe('资质审核未通过，请重新上传资质后购买');
    const goods = (await buyer.get(`/api/goods/detail/${line.goods.id}`)).body.data;
    expect(goods).toMatchObject({ is_buy: false, reason: '资质审核未通过，请重新上传资质后购买' });
    const titles = await messageTitles(buyer);
    expect(titles[0]).toBe('资质审核未通过');
    const messages = (await buyer.get('/api/user/messages')).body.data;
    expect(messages[0].content).toContain('许可证已被吊销');
    expect(String((await buyer.get('/zzzj')).body)).toContain('data-testid="warn-rejected"');

    await upload(buyer as IpClient, 'drug_trade', '鄂AA0275003');
    const again = await buyer.post('/api/order', { key: submissionKey(), ids: [line.id] });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('资质审核中，审核通过后可购买');
    expect(await auditActions(staff.admin, 'licence', licence)).toEqual([
      'licence.approve',
      'licence.reject',
    ]);
  });

  it('an approved licence that expires takes ordering away too', async () => {
    const buyer = await freshBuyer({ balance: 10_000_000 });
    const line = await addBuyable(buyer, GOODS_FROM, 1);
    const licence = await licenceOf(buyer);
    expect(
      (await buyer.post('/api/dev/licence_expiry', { id: licence, expires_on: isoDay(-1) })).status,
    ).toBe(200);
    const order = await buyer.post('/api/order', { key: submissionKey(), ids: [line.id] });
    expect(order.status).toBe(422);
    expect(order.body.message).toMatch(/资质已过期，请更新资质后购买$/);
  });

  it('a business licence rejected does not touch the approval of a store approved by its drug-trade licence', async () => {
    const buyer = await freshBuyer();
    const business = await upload(buyer as IpClient, 'business', '91420100MA4K00002X');
    expect((await review(business, { state: 'rejected', remark: '不清晰' })).status).toBe(200);
    expect((await buyer.get('/api/user/base')).body.data.is_passed).toBe(true);
  });
});

describe('expiry reminders', () => {
  it('lists licences in use expiring within 30 days or expired; a reminder reaches the buyer once a day', async () => {
    const m = await registerMember();
    const id = await upload(m.client, 'drug_trade', '鄂AA0275004', isoDay(10));
    expect((await review(id, { state: 'approved' })).status).toBe(200);
    const row = await deskRow('expiring', m.username, id);
    expect(row).toMatchObject({ days_left: 10, reminded_at: null, renewal_pending: false });

    const reminded = await staff.reviewer.post(`/api/admin/licences/${id}/remind`);
    expect(reminded.status, JSON.stringify(reminded.body)).toBe(200);
    expect(reminded.body.data.reminded_at).toEqual(expect.any(String));
    const messages = (await m.client.get('/api/user/messages')).body.data;
    expect(messages[0]).toMatchObject({ title: '资质即将到期', is_read: false });
    expect(messages[0].content).toContain('还剩10天');
    const twice = await staff.reviewer.post(`/api/admin/licences/${id}/remind`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('今天已提醒过该客户');
    expect(await auditActions(staff.admin, 'licence', id)).toEqual([
      'licence.approve',
      'licence.remind',
    ]);
    const page = String(
      (await staff.reviewer.get('/admin/licences', { state: 'expiring', q: m.username })).body,
    );
    expect(page).toContain('上次提醒');

    // Expired, it stays on the list; a renewal waiting for review shows; once approved, the old
    // licence is no longer the one in use and leaves the list.
    await m.client.post('/api/dev/licence_expiry', { id, expires_on: isoDay(-3) });
    const renewal = await upload(m.client, 'drug_trade', '鄂AA0275005', isoDay(700));
    expect(await deskRow('expiring', m.username, id)).toMatchObject({
      days_left: -3,
      renewal_pending: true,
    });
    const pendingRemind = await staff.reviewer.post(`/api/admin/licences/${renewal}/remind`);
    expect(pendingRemind.status).toBe(409);
    expect(pendingRemind.body.message).toBe('该证件不需要到期提醒');
    expect((await review(renewal, { state: 'approved' })).status).toBe(200);
    expect(await deskRow('expiring', m.username, id)).toBeUndefined();
    expect((await staff.reviewer.post(`/api/admin/licences/${id}/remind`)).status).toBe(409);
    expect((await staff.reviewer.post(`/api/admin/licences/${X}/remind`)).status).toBe(404);
  });
});

describe('store profiles', () => {
  const profileForm = (over: object = {}) => ({
    type: 'pharmacy',
    province: '湖北省',
    city: '武汉市',
    rank: 1,
    admin_id: 1,
    is_can_chat: '1',
    ...over,
  });

  it('are found by name, login or region, with filters', async () => {
    const m = await registerMember({ province: '四川省', city: '成都市' });
    const id = await companyIdOf(m.client);
    const find = async (q: object) =>
      (await staff.finance.get('/api/admin/stores', q)).body.data.map((s: any) => s.id);
    expect(await find({ q: m.username })).toEqual([id]);
    expect(await find({ q: m.phone })).toEqual([id]);
    expect(await find({ q: m.companyName })).toEqual([id]);
    expect(await find({ q: '成都', province: '四川省', passed: '0', type: 'pharmacy' })).toContain(
      id,
    );
    // Two characters of a login or phone, in either case, through the logins' bigram index.
    for (const q of [m.phone.slice(-2), m.username.slice(-2).toUpperCase()])
      expect(await find({ q, province: '四川省', passed: '0' }), q).toContain(id);
    expect(await find({ q: m.username, type: 'clinic' })).toEqual([]);
    expect(await find({ q: m.username, passed: '1' })).toEqual([]);
    for (const bad of [{ type: 'shop' }, { province: '火星' }, { passed: '2' }])
      expect((await staff.finance.get('/api/admin/stores', bad)).status).toBe(422);
    const detail = await staff.finance.get(`/api/admin/stores/${id}`);
    expect(detail.body.data).toMatchObject({
      id,
      name: m.companyName,
      province: '四川省',
      city: '成都市',
      account: { username: m.username, phone: m.phone, stores: 1 },
      contact: { name: '张三', phone: '027-87654321' },
      admin: { name: '李晓梅' },
      is_can_chat: true,
      credit: { limit: '0.00', used: '0.00', bill_day: null },
      contract: { signed: false },
      allow_list: [],
    });
    const page = String((await staff.finance.get('/admin/stores', { q: m.username })).body);
    expect(page).toContain(`href="/admin/stores/${id}"`);
    expect(page).toContain(`value="${m.username}"`);
  });

  it("the reviewer's changes reach the buyer's next request and are audited", async () => {
    const buyer = await freshBuyer();
    const id = await companyIdOf(buyer);
    const admins = (await staff.reviewer.get(`/api/admin/stores/${id}`)).body.data.admins;
    const other = admins.find((a: any) => a.name !== '李晓梅');
    const res = await staff.reviewer.post(
      `/api/admin/stores/${id}`,
      profileForm({
        province: '广东省',
        city: '广州市',
        rank: 4,
        admin_id: other.id,
        is_can_chat: '0',
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const base = (await buyer.get('/api/user/base')).body.data;
    expect(base).toMatchObject({
      rank: 4,
      is_can_chat: false,
      admin: { name: other.name, phone: other.phone, phone_1: other.phone_1 },
    });
    expect(base.address).toMatch(/^广东省 广州市 /);

    // A new dedicated contact, made on the spot.
    const made = await staff.reviewer.post(
      `/api/admin/stores/${id}`,
      profileForm({
        admin_id: 'new',
        admin_name: '赵客服',
        admin_phone: '13912345678',
        admin_phone_1: '027-88886666',
      }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await buyer.get('/api/user/base')).body.data.admin).toMatchObject({
      name: '赵客服',
      phone: '13912345678',
      phone_1: '027-88886666',
    });
    const audit = await staff.admin.get('/api/admin/audit', { entity: 'store', entity_id: id });
    expect(audit.body.data.rows.map((r: any) => r.action)).toEqual([
      'store.update',
      'store.update',
    ]);
    expect(audit.body.data.rows[1]).toMatchObject({
      staff: 'reviewer',
      before: { province: '湖北省', city: '武汉市', rank: 1, is_can_chat: true },
      after: { province: '广东省', city: '广州市', rank: 4, is_can_chat: false },
    });
    // Saving the same again changes nothing and writes no audit row.
    const same = await staff.reviewer.post(
      `/api/admin/stores/${id}`,
      profileForm({ admin_id: made.body.data.admin.id }),
    );
    expect(same.status).toBe(200);
    expect(await auditActions(staff.admin, 'store', id)).toHaveLength(2);
  });

  it('a new type needs its own licence: the approval goes and comes back with the type', async () => {
    const buyer = await freshBuyer();
    const id = await companyIdOf(buyer);
    const toClinic = await staff.reviewer.post(
      `/api/admin/stores/${id}`,
      profileForm({ type: 'clinic' }),
    );
    expect(toClinic.status).toBe(200);
    expect(toClinic.body.data).toMatchObject({ type: 'clinic', is_passed: false });
    expect((await buyer.get('/api/user/base')).body.data.is_passed).toBe(false);
    expect((await messageTitles(buyer))[0]).toBe('门店类型已变更');
    const back = await staff.reviewer.post(`/api/admin/stores/${id}`, profileForm());
    expect(back.body.data).toMatchObject({ type: 'pharmacy', is_passed: true });
  });

  it('refuses bad profile input with field messages', async () => {
    const m = await registerMember();
    const id = await companyIdOf(m.client);
    const refused = async (form: object, field: string, message: string) => {
      const res = await staff.reviewer.post(`/api/admin/stores/${id}`, form);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.message).toBe(message);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    };
    await refused(
      profileForm({ type: 'shop' }),
      'type',
      '门店类型须为零售药店、诊所、医院/卫生院、医药批发企业之一',
    );
    await refused(profileForm({ province: '火星' }), 'province', '请选择所在省份');
    await refused(profileForm({ city: '' }), 'city', '请填写所在城市');
    await refused(profileForm({ rank: 9 }), 'rank', '价格等级不正确');
    await refused(profileForm({ is_can_chat: 'yes' }), 'is_can_chat', '请选择是或否');
    await refused(profileForm({ admin_id: X }), 'admin_id', '专属客服不存在');
    await refused(profileForm({ admin_id: 'new' }), 'admin_name', '请填写专属客服姓名（2-20个字）');
    await refused(
      profileForm({ admin_id: 'new', admin_name: '赵客服', admin_phone: '12345' }),
      'admin_phone',
      '客服电话格式不正确',
    );
    expect(await auditActions(staff.admin, 'store', id)).toEqual([]);
  });

  it("finance's credit terms: the bill due on the chosen day, the limit never below what is used", async () => {
    const buyer = await freshBuyer({ creditLimit: 100_000_00 });
    const id = await companyIdOf(buyer);
    const set = (form: object) => staff.finance.post(`/api/admin/stores/${id}/credit`, form);
    const ok = await set({ credit_limit: '50000.5', bill_day: '15' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.credit).toEqual({ limit: '50000.50', used: '0.00', bill_day: 15 });
    expect((await buyer.get('/api/user/user_money')).body.data).toMatchObject({
      credit_limit: '50000.50',
      bill_day: 15,
    });
    expect(await auditActions(staff.admin, 'store', id)).toEqual(['store.credit']);

    // A credit order's bill is due on the 15th of the next month.
    const order = await placeOrder(buyer, GOODS_FROM, 1);
    await pay(buyer, order, 'credit');
    const now = new Date();
    const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15))
      .toISOString()
      .slice(0, 10);
    expect((await buyer.get('/api/user/user_credit_list')).body.data[0].due_on).toBe(due);

    const used = (await buyer.get('/api/user/user_money')).body.data.credit_used;
    const low = await set({ credit_limit: '0.01', bill_day: '' });
    expect(low.status).toBe(422);
    expect(low.body.message).toBe(`账期额度不能低于已用额度 ¥${used}`);
    for (const [form, message] of [
      [{ credit_limit: 'abc' }, '账期额度不正确'],
      [{ credit_limit: '-5' }, '账期额度不正确'],
      [{ credit_limit: '99999999999' }, '账期额度不正确'],
      [{ credit_limit: '100', bill_day: '31' }, '还款日须为每月1-28日'],
      [{ credit_limit: '100', bill_day: 'x' }, '还款日不正确'],
    ] as const) {
      const res = await set(form);
      expect(res.status, JSON.stringify(form)).toBe(422);
      expect(res.body.message).toBe(message);
    }
    // Back to the month's last day; still one audit row per change.
    expect((await set({ credit_limit: used, bill_day: '' })).body.data.credit.bill_day).toBe(null);
    expect(await auditActions(staff.admin, 'store', id)).toEqual(['store.credit', 'store.credit']);
    expect(
      (await staff.reviewer.post(`/api/admin/stores/${id}/credit`, { credit_limit: '1' })).status,
    ).toBe(403);
    expect((await staff.finance.post(`/api/admin/stores/${id}`, profileForm())).status).toBe(403);
  });

  it('the allow-list admits a controlled goods for this store only, and takes it back', async () => {
    const buyer = await freshBuyer();
    const id = await companyIdOf(buyer);
    const choices = (await staff.reviewer.get(`/api/admin/stores/${id}`)).body.data.allow_choices;
    let goodsId = 0;
    for (const g of choices) {
      const d = (await buyer.get(`/api/goods/detail/${g.id}`)).body.data;
      if (d?.reason === '控销商品，暂不支持购买') {
        goodsId = g.id;
        break;
      }
    }
    expect(goodsId, 'a controlled goods this store may not buy').toBeGreaterThan(0);
    const allow = (allow: '0' | '1', gid = goodsId) =>
      staff.reviewer.post(`/api/admin/stores/${id}/allow_list`, { goods_id: gid, allow });
    const added = await allow('1');
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.allow_list.map((g: any) => g.id)).toEqual([goodsId]);
    expect((await buyer.get(`/api/goods/detail/${goodsId}`)).body.data.reason).not.toBe(
      '控销商品，暂不支持购买',
    );
    const other = await freshBuyer();
    expect((await other.get(`/api/goods/detail/${goodsId}`)).body.data.reason).toBe(
      '控销商品，暂不支持购买',
    );
    expect((await allow('1')).status).toBe(200);
    expect((await allow('0')).status).toBe(200);
    expect((await buyer.get(`/api/goods/detail/${goodsId}`)).body.data.reason).toBe(
      '控销商品，暂不支持购买',
    );
    expect(await auditActions(staff.admin, 'store', id)).toEqual([
      'store.allow_list',
      'store.allow_list',
    ]);

    let plain: any = null;
    for (let gid = GOODS_FROM; !plain; gid++) {
      const d = (await buyer.get(`/api/goods/detail/${gid}`)).body.data;
      if (d && !d.is_controlled) plain = d;
    }
    const notControlled = await allow('1', plain.id);
    expect(notControlled.status).toBe(422);
    expect(notControlled.body.message).toBe(`${plain.name}不是控销商品`);
    expect((await allow('1', X)).body.message).toBe('商品不存在');
    expect((await allow('2' as '1')).status).toBe(422);
  });

  it('the e-contract reset to unsigned: the buyer is told why and signs again before ordering', async () => {
    const buyer = await freshBuyer();
    const id = await companyIdOf(buyer);
    const line = await addBuyable(buyer, GOODS_FROM, 1);
    const reset = (form: object) =>
      staff.reviewer.post(`/api/admin/stores/${id}/contract/reset`, form);
    const missing = await reset({});
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('请填写重置原因');
    const res = await reset({ reason: '签署人无授权' });
    expect(res.status).toBe(200);
    expect(res.body.data.contract).toEqual({ signed: false, signed_at: null });
    expect((await buyer.get('/api/user/contract')).body.data.signed).toBe(false);
    const messages = (await buyer.get('/api/user/messages')).body.data;
    expect(messages[0].title).toBe('请重新签署电子购销合同');
    expect(messages[0].content).toContain('签署人无授权');
    const order = await buyer.post('/api/order', { key: submissionKey(), ids: [line.id] });
    expect(order.status).toBe(459);
    const twice = await reset({ reason: '签署人无授权' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('该门店尚未签署电子合同，无需重置');
    expect(await auditActions(staff.admin, 'store', id)).toEqual(['store.contract_reset']);
  });
});

describe('hostile input from staff', () => {
  it('never answers 5xx on the buyer desks, and every refusal is in Chinese', async () => {
    const m = await registerMember();
    const store = await companyIdOf(m.client);
    const licence = await upload(m.client, 'drug_trade', '鄂AA0275009');
    const HOSTILE: unknown[] = [
      '',
      ' ',
      'a\u0000b',
      "' OR '1'='1' --",
      '<script>alert(1)</script>',
      '__proto__',
      'NaN',
      '-1',
      '1e309',
      '99999999999999999999',
      '2026-02-30',
      '😀',
      'x'.repeat(3000),
      ['rx', 'otc_a'],
      { a: { b: 'c' } },
    ];
    const targets: { path: string; fields: string[] }[] = [
      { path: '/api/admin/licences', fields: ['state', 'q', 'page', 'per_page'] },
      { path: `/api/admin/licences/${licence}/review`, fields: ['state', 'remark', 'jyfw'] },
      { path: '/api/admin/stores', fields: ['q', 'type', 'province', 'passed', 'page'] },
      {
        path: `/api/admin/stores/${store}`,
        fields: [
          'type',
          'province',
          'city',
          'rank',
          'admin_id',
          'admin_name',
          'admin_phone',
          'is_can_chat',
        ],
      },
      { path: `/api/admin/stores/${store}/credit`, fields: ['credit_limit', 'bill_day'] },
      { path: `/api/admin/stores/${store}/allow_list`, fields: ['goods_id', 'allow'] },
      { path: `/api/admin/stores/${store}/contract/reset`, fields: ['reason'] },
    ];
    const bad: string[] = [];
    for (const t of targets)
      for (const field of t.fields)
        for (const v of HOSTILE) {
          const form = { [field]: v };
          const res =
            t.path.endsWith('licences') || t.path.endsWith('stores')
              ? await staff.admin.get(t.path, form)
              : await staff.admin.post(t.path, form);
          if (
            res.status >= 500 ||
            (res.status >= 400 && !/[\u4e00-\u9fff]/.test(res.body?.message))
          )
            bad.push(`${t.path} ${field}=${JSON.stringify(v).slice(0, 40)} → ${res.status}`);
        }
    expect(bad).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { baseURL } from '../support/http.ts';
import { IpClient, PASSWORD, registerMember, uniquePhone } from '../support/members.ts';
import { demoStaff, reviewLicence } from '../support/staff.ts';

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const PDF = new TextEncoder().encode('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\n%%EOF');

async function upload(
  c: IpClient,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('file', new Blob([Buffer.from(file.bytes)], { type: file.type }), file.name);
  return c.request('POST', '/api/user/zizhi', { body: form });
}

const licence = { type: 'drug_trade', number: '鄂AA0270999', expires_on: '2030-01-01' };

describe('visitors', () => {
  it('get {show: true} from /api/user/base and 401 from member calls', async () => {
    const c = new IpClient();
    const base = await c.get('/api/user/base');
    expect(base.status).toBe(200);
    expect(base.body.data).toEqual({ show: true });
    for (const path of [
      '/api/user/jyfw',
      '/api/user/zizhi',
      '/api/user/couponNum',
      '/api/user/address',
      '/api/user/messages',
      '/api/user/stores',
      '/api/user/contract',
      '/api/user/bclass_log',
    ]) {
      expect((await c.get(path)).status, path).toBe(401);
    }
    expect((await c.post('/api/user/create_code')).status).toBe(401);
    expect((await c.delete('/api/user/unbind_wechat')).status).toBe(401);
  });
});

describe('User record and profile calls', () => {
  it('answers the whole User record of SPEC 3 for a member', async () => {
    const c = new IpClient();
    await c.post('/api/login', { username: 'demo', password: 'yaopi2026' });
    const d = (await c.get('/api/user/base')).body.data;
    for (const key of [
      'show',
      'username',
      'name',
      'phone',
      'company',
      'face',
      'rank',
      'admin',
      'address',
      'is_passed',
      'points',
      'cart',
      'message_count',
      'wechat',
      'common_config',
      'quality_inspection',
      'login_url',
      'is_show_youx',
      'is_special',
      'is_can_chat',
      'token',
      'is_AfterSale',
      'invited_codes',
    ]) {
      expect(d, key).toHaveProperty(key);
    }
    expect(d).toMatchObject({
      username: 'demo',
      company: '武汉仁心大药房',
      is_passed: true,
      invited_codes: 'YP2026A',
    });
    expect(d.admin).toMatchObject({
      name: expect.any(String),
      phone: expect.any(String),
      phone_1: expect.any(String),
      is_default: true,
    });
    expect(d.common_config.hot_line).toBeTruthy();
    expect(d.token).toBe(c.cookies.get('yaopi_session'));
  });

  it('tells whether a phone is registered', async () => {
    const c = new IpClient();
    expect((await c.get('/api/user/phone/13800000001')).body.data.registered).toBe(true);
    expect((await c.get(`/api/user/phone/${uniquePhone()}`)).body.data.registered).toBe(false);
    expect((await c.get('/api/user/phone/1380000000%27%20OR%201%3D1')).status).toBe(422);
  });

  it('answers invite codes', async () => {
    const c = new IpClient();
    expect((await c.get('/api/user/invited', { invited_code: 'YP2026A' })).body.data).toEqual({
      invited_code: 'YP2026A',
      valid: true,
    });
    expect((await c.get('/api/user/invited', { invited_code: 'NOPE' })).body.data.valid).toBe(
      false,
    );
    expect((await c.get('/api/user/invited', { invited_code: '<script>' })).status).toBe(422);
    const m = await registerMember();
    expect((await m.client.get('/api/user/invited')).body.data.invited_code).toMatch(/^YP/);
  });

  it("updates name and phone, refusing another member's phone", async () => {
    const m = await registerMember();
    const phone = uniquePhone();
    const res = await m.client.post('/api/user/updateUserInfo', { name: '李四', phone });
    expect(res.status).toBe(200);
    expect((await m.client.get('/api/user/base')).body.data).toMatchObject({ name: '李四', phone });
    const taken = await m.client.post('/api/user/updateUserInfo', {
      name: '李四',
      phone: '13800000001',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.phone[0]).toMatch(/已被其他账号使用/);
    const script = await m.client.post('/api/user/updateUserInfo', {
      name: '<img src=x onerror=alert(1)>',
      phone,
    });
    expect(script.status).toBe(422);
    const huge = await m.client.post('/api/user/updateUserInfo', { name: '王'.repeat(300), phone });
    expect(huge.status).toBe(422);
  });

  it('answers business scope, coupon counts and feedback', async () => {
    const c = new IpClient();
    await c.post('/api/login', { username: 'demo', password: 'yaopi2026' });
    const scope = (await c.get('/api/user/jyfw')).body.data;
    expect(scope).toContainEqual({ code: 'rx', name: '处方药' });
    expect((await c.get('/api/user/couponNum')).body.data).toEqual({
      usable: 2,
      expiring: 0,
      cash: 1,
    });
    expect(
      (
        await c.post('/api/user/feedback', {
          content: '希望增加更多中药饮片品种',
          contact: '13800000001',
        })
      ).status,
    ).toBe(201);
    expect((await c.post('/api/user/feedback', { content: '短' })).status).toBe(422);
  });

  it('creates a WeChat bind code and refuses to unbind an unbound account', async () => {
    const m = await registerMember();
    const res = await m.client.post('/api/user/create_code');
    expect(res.status).toBe(200);
    expect(res.body.data.code).toMatch(/^[\w-]{16}$/);
    expect(res.body.data.url).toContain(res.body.data.code);
    expect(res.body.data.qr_svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 \d+ \d+"/,
    );
    expect(res.body.data.qr_svg).toContain('<path');
    const unbind = await m.client.delete('/api/user/unbind_wechat');
    expect(unbind.status).toBe(422);
    expect(unbind.body.message).toMatch(/未绑定微信/);
  });
});

describe('addresses', () => {
  const addr = {
    consignee: '张三',
    phone: '13912345678',
    province: '湖北省',
    city: '武汉市',
    district: '洪山区',
    detail: '珞喻路 1 号',
  };

  it('adds (first is default), edits, sets default and deletes', async () => {
    const m = await registerMember();
    const a = (await m.client.post('/api/user/address', addr)).body.data;
    expect(a.is_default).toBe(true);
    const b = (
      await m.client.post('/api/user/address', {
        ...addr,
        detail: '光谷大道 2 号',
        phone: '027-87654321',
      })
    ).body.data;
    expect(b.is_default).toBe(false);
    expect((await m.client.post(`/api/user/address/${b.id}/default`)).status).toBe(200);
    let list = (await m.client.get('/api/user/address')).body.data;
    expect(list.map((x: any) => [x.id, x.is_default])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    const edited = await m.client.post(`/api/user/address/${a.id}`, {
      ...addr,
      detail: '新地址 9 号',
    });
    expect(edited.body.data.detail).toBe('新地址 9 号');
    expect((await m.client.delete(`/api/user/address/${b.id}`)).status).toBe(200);
    list = (await m.client.get('/api/user/address')).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: a.id, is_default: true });
  });

  it("answers 404 for another member's address or a junk id", async () => {
    const owner = await registerMember();
    const other = await registerMember();
    const a = (await owner.client.post('/api/user/address', addr)).body.data;
    expect((await other.client.post(`/api/user/address/${a.id}`, addr)).status).toBe(404);
    expect((await other.client.delete(`/api/user/address/${a.id}`)).status).toBe(404);
    expect((await other.client.post(`/api/user/address/${a.id}/default`)).status).toBe(404);
    expect((await other.client.delete('/api/user/address/1%20OR%201=1')).status).toBe(404);
    expect((await other.client.delete('/api/user/address/99999999999')).status).toBe(404);
    expect((await owner.client.get('/api/user/address')).body.data).toHaveLength(1);
  });

  it('validates fields with Chinese messages', async () => {
    const m = await registerMember();
    const res = await m.client.post('/api/user/address', { ...addr, phone: 'abc' });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/手机号码或固定电话/);
    expect(
      (await m.client.post('/api/user/address', { ...addr, detail: 'x'.repeat(121) })).status,
    ).toBe(422);
  });
});

describe('messages', () => {
  it("lists, marks read and counts unread; another member's message is 404", async () => {
    const m = await registerMember();
    const list = await m.client.get('/api/user/messages');
    expect(list.body).toMatchObject({ current_page: 1, total: 1 });
    const msg = list.body.data[0];
    expect(msg.is_read).toBe(false);
    expect((await m.client.get('/api/user/messages/unread_count')).body.data.count).toBe(1);
    const other = await registerMember();
    expect((await other.client.post(`/api/user/messages/${msg.id}/read`)).status).toBe(404);
    expect((await m.client.post(`/api/user/messages/${msg.id}/read`)).status).toBe(200);
    expect((await m.client.get('/api/user/messages/unread_count')).body.data.count).toBe(0);
    expect((await m.client.get('/api/user/base')).body.data.message_count).toBe(0);
    expect((await other.client.post('/api/user/messages/read_all')).status).toBe(200);
    expect((await other.client.get('/api/user/messages', { unread: 1 })).body.total).toBe(0);
    expect((await m.client.get('/api/user/messages', { page: 'x' })).status).toBe(422);
  });
});

describe('stores and contract', () => {
  it("lists the chain's stores, switches, and refuses another member's store", async () => {
    const c = new IpClient();
    await c.post('/api/login', { username: 'chain', password: 'yaopi2026' });
    const stores = (await c.get('/api/user/stores')).body.data;
    expect(stores).toHaveLength(3);
    expect(stores[0].is_current).toBe(true);
    // each store its own licences (read for all stores at once)
    expect(stores.map((s: { licence_expiring: number }) => s.licence_expiring)).toEqual([0, 1, 0]);
    expect((await c.post('/api/user/stores/switch', { company_id: stores[1].id })).status).toBe(
      200,
    );
    expect((await c.get('/api/user/base')).body.data.company).toBe(stores[1].name);
    const zizhi = (await c.get('/api/user/zizhi')).body.data;
    expect(zizhi.expiring).toHaveLength(1);
    expect(zizhi.expiring[0].days_left).toBeLessThanOrEqual(30);
    const m = await registerMember();
    expect(
      (await m.client.post('/api/user/stores/switch', { company_id: stores[0].id })).status,
    ).toBe(404);
  });

  it('a new member signs the contract once', async () => {
    const m = await registerMember();
    expect((await m.client.get('/api/user/contract')).body.data).toMatchObject({
      signed: false,
      signed_at: null,
    });
    expect((await m.client.post('/api/user/contract', { signer: '张三' })).status).toBe(422);
    const signed = await m.client.post('/api/user/contract', { agree: '1', signer: '张三' });
    expect(signed.body.data.signed).toBe(true);
    const again = await m.client.post('/api/user/contract', { agree: '1', signer: '张三' });
    expect(again.body.data.signed_at).toBe(signed.body.data.signed_at);
  });

  it('lists class-B records of the store only', async () => {
    const c = new IpClient();
    await c.post('/api/login', { username: 'demo', password: 'yaopi2026' });
    const res = await c.get('/api/user/bclass_log');
    expect(res.body.total).toBe(2);
    const m = await registerMember();
    expect((await m.client.get('/api/user/bclass_log')).body.total).toBe(0);
  });
});

describe('licences (zizhi)', () => {
  it('uploads a PNG and a PDF, lists them pending, and serves the file to its owner only', async () => {
    const m = await registerMember();
    const res = await upload(m.client, licence, {
      bytes: PNG,
      name: 'licence.png',
      type: 'image/png',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: 'drug_trade',
      number: '鄂AA0270999',
      state: 'pending',
      state_name: '审核中',
    });
    const pdf = await upload(
      m.client,
      { type: 'business', number: '91420103MA4K88881A', expires_on: '2031-05-01' },
      { bytes: PDF, name: 'scan.pdf', type: 'application/pdf' },
    );
    expect(pdf.status).toBe(201);
    const list = (await m.client.get('/api/user/zizhi')).body.data;
    expect(list.list).toHaveLength(2);
    expect(list.is_passed).toBe(false);
    const file = await fetch(new URL(res.body.data.file_url, baseURL()), {
      headers: { cookie: `yaopi_session=${m.client.cookies.get('yaopi_session')}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    const other = await registerMember();
    expect((await other.client.get(res.body.data.file_url)).status).toBe(404);
    expect((await new IpClient().get(res.body.data.file_url)).status).toBe(401);
  });

  it('checks the content, not the name', async () => {
    const m = await registerMember();
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const res = await upload(m.client, licence, {
      bytes: html,
      name: 'licence.png',
      type: 'image/png',
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/JPG、PNG 或 PDF/);
    const gif = await upload(m.client, licence, {
      bytes: new TextEncoder().encode('GIF89a....'),
      name: 'a.jpg',
      type: 'image/jpeg',
    });
    expect(gif.status).toBe(422);
  });

  it('refuses files over 5 MB, missing files, bad numbers and past dates', async () => {
    const m = await registerMember();
    const big = new Uint8Array(5 * 1024 * 1024 + 200 * 1024);
    big.set(PNG);
    expect(
      (await upload(m.client, licence, { bytes: big, name: 'big.png', type: 'image/png' })).status,
    ).toBe(413);
    expect((await upload(m.client, licence)).status).toBe(422);
    const bad = await upload(
      m.client,
      { ...licence, number: "1' OR '1'='1" },
      { bytes: PNG, name: 'a.png', type: 'image/png' },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.number[0]).toMatch(/药品经营许可证编号/);
    const past = await upload(
      m.client,
      { ...licence, expires_on: '2020-01-01' },
      { bytes: PNG, name: 'a.png', type: 'image/png' },
    );
    expect(past.status).toBe(422);
    expect(past.body.message).toMatch(/已过期/);
    expect(
      (
        await upload(
          m.client,
          { ...licence, expires_on: '2030-02-31' },
          { bytes: PNG, name: 'a.png', type: 'image/png' },
        )
      ).status,
    ).toBe(422);
    expect(
      (
        await upload(
          m.client,
          { ...licence, type: 'passport' },
          { bytes: PNG, name: 'a.png', type: 'image/png' },
        )
      ).status,
    ).toBe(422);
  });

  it('refuses a form-encoded post and a multipart post without Origin', async () => {
    const m = await registerMember();
    expect((await m.client.post('/api/user/zizhi', licence)).status).toBe(415);
    const form = new FormData();
    form.set('type', 'drug_trade');
    const res = await fetch(new URL('/api/user/zizhi', baseURL()), {
      method: 'POST',
      body: form,
      headers: { cookie: `yaopi_session=${m.client.cookies.get('yaopi_session')}` },
    });
    expect(res.status).toBe(403);
  });

  it("another member's licence id or a junk id is 404", async () => {
    const m = await registerMember();
    expect((await m.client.get('/api/user/zizhi/1/file')).status).toBe(404);
    expect((await m.client.get('/api/user/zizhi/abc/file')).status).toBe(422);
  });
});

describe('log in with the new member', () => {
  it('works with username and phone', async () => {
    const m = await registerMember();
    expect(
      (await new IpClient().post('/api/login', { username: m.username, password: PASSWORD }))
        .status,
    ).toBe(200);
    expect(
      (await new IpClient().post('/api/login', { username: m.phone, password: PASSWORD })).status,
    ).toBe(200);
  });
});

describe('licence review by the reviewer', () => {
  it('approving the required licence approves the store; buyers cannot review; the reviewer sees the file', async () => {
    const m = await registerMember();
    const up = await upload(m.client, licence, { bytes: PNG, name: 'l.png', type: 'image/png' });
    const id = up.body.data.id;
    // A buyer session is no staff session, whatever the buyer.
    expect(
      (await m.client.post(`/api/admin/licences/${id}/review`, { state: 'approved' })).status,
    ).toBe(401);
    const other = await registerMember();
    expect((await other.client.get(up.body.data.file_url)).status).toBe(404);
    const reviewer = await demoStaff('reviewer');
    const file = await reviewer.get(`/api/admin/licences/${id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect((await reviewLicence(id, { state: 'maybe' })).status).toBe(422);
    expect((await reviewLicence(99999999)).status).toBe(404);
    const res = await reviewLicence(id);
    expect(res.body.data.state).toBe('approved');
    const base = (await m.client.get('/api/user/base')).body.data;
    expect(base.is_passed).toBe(true);
    expect(base.message_count).toBe(2);
  });

  it('a rejection keeps the store unapproved and tells the member why', async () => {
    const m = await registerMember();
    const up = await upload(m.client, licence, { bytes: PNG, name: 'l.png', type: 'image/png' });
    const res = await reviewLicence(up.body.data.id, { state: 'rejected', remark: '图片不清晰' });
    expect(res.status).toBe(200);
    expect((await m.client.get('/api/user/base')).body.data.is_passed).toBe(false);
    const msgs = (await m.client.get('/api/user/messages')).body.data;
    expect(msgs[0].content).toContain('图片不清晰');
    expect((await m.client.get('/api/user/zizhi')).body.data.list[0]).toMatchObject({
      state: 'rejected',
      remark: '图片不清晰',
    });
  });
});

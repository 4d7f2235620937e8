// Dedicated service contacts on the staff desk: admins only; each listed with the stores it serves
// and the service login it is linked to; create and edit with Chinese messages per field; a store
// given a contact shows it to the buyer at once; every change audited. The default contact is
// left as it is: other files' new stores get it while they run.
import { beforeAll, describe, expect, it } from 'vitest';
import { auditActions, companyIdOf } from '../support/backoffice.ts';
import { newServiceStaff } from '../support/chat.ts';
import { Client } from '../support/http.ts';
import { registerMember } from '../support/members.ts';
import { staffLogin } from '../support/staff.ts';

const API = '/api/admin/service_contacts';
let admin: Client;

const contacts = async () => (await admin.get(API)).body.data.contacts as any[];

beforeAll(async () => {
  admin = await staffLogin('admin');
});

describe('service contacts', () => {
  it('are for admins: visitors 401, other roles 403', async () => {
    expect((await new Client().get(API)).status).toBe(401);
    const service = await staffLogin('service');
    const refused = await service.post(API, { name: '王芳', phone: '13900001234' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('管理员');
    expect((await service.get(API)).status).toBe(403);
    expect((await service.get('/admin/service-contacts')).body).toContain(
      '您的角色不能使用这个页面',
    );

    const list = (await admin.get(API)).body.data;
    const fallback = list.contacts.find((c: any) => c.is_default);
    expect(fallback).toMatchObject({ staff: { login: 'service' } });
    expect(fallback.stores).toBeGreaterThan(0);
    const logins = list.service_staff.map((s: any) => s.login);
    expect(logins).toContain('service');
    expect(logins).not.toContain('finance');
    expect(logins).not.toContain('admin');
  });

  it('refuse bad, hostile and unknown input with a message per field', async () => {
    const empty = await admin.post(API, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors.name[0]).toBe('请填写客服姓名');
    expect(empty.body.errors.phone[0]).toBe('请填写客服电话');
    const bad = await admin.post(API, {
      name: '<script>alert(1)</script>',
      phone: '12345',
      phone_1: 'abc',
      is_default: 'yes',
      staff_id: 'x',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      name: ['客服姓名须为2-20个汉字或字母'],
      phone: ['请填写正确的客服电话（手机或座机）'],
      phone_1: ['备用电话格式不正确'],
      is_default: ['默认客服须选择是或否'],
      staff_id: ['客服账号不正确'],
    });
    const finance = (await (await staffLogin('finance')).get('/api/admin/me')).body.data;
    const notService = await admin.post(API, {
      name: '王芳',
      phone: '13900001234',
      staff_id: finance.id,
    });
    expect(notService.status).toBe(422);
    expect(notService.body.errors.staff_id[0]).toBe('客服账号不存在、已停用或没有「客服」角色');
    expect(
      (await admin.post(`${API}/99999999`, { name: '王芳', phone: '13900001234' })).status,
    ).toBe(404);
    expect((await admin.post(`${API}/abc`, { name: '王芳', phone: '13900001234' })).status).toBe(
      422,
    );
  });

  it('are created linked to a service login, serve stores given them, and are audited', async () => {
    const agent = await newServiceStaff(admin, '测试客服丁');
    const made = await admin.post(API, {
      name: '赵敏',
      phone: '027-87005678',
      phone_1: '',
      is_default: '0',
      staff_id: agent.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id as number;
    expect((await contacts()).find((c) => c.id === id)).toEqual({
      id,
      name: '赵敏',
      phone: '027-87005678',
      phone_1: '',
      is_default: false,
      staff: { id: agent.id, login: expect.any(String), name: '测试客服丁' },
      stores: 0,
    });

    const buyer = await registerMember();
    const store = await companyIdOf(buyer.client);
    const reviewer = await staffLogin('reviewer');
    const given = await reviewer.post(`/api/admin/stores/${store}`, {
      type: 'pharmacy',
      province: '湖北省',
      city: '武汉市',
      rank: 1,
      admin_id: id,
      is_can_chat: '1',
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect((await contacts()).find((c) => c.id === id)?.stores).toBe(1);
    expect((await buyer.client.get('/api/user/base')).body.data.admin).toMatchObject({
      name: '赵敏',
    });

    const edited = await admin.post(`${API}/${id}`, {
      name: '赵敏华',
      phone: '13900005678',
      phone_1: '027-87005679',
      is_default: '0',
      staff_id: '',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await contacts()).find((c) => c.id === id)).toMatchObject({
      name: '赵敏华',
      phone_1: '027-87005679',
      staff: null,
      stores: 1,
    });
    // The store's pages show the new name at once.
    expect((await buyer.client.get('/api/user/base')).body.data.admin).toMatchObject({
      name: '赵敏华',
      phone: '13900005678',
    });
    expect(await auditActions(admin, 'service_admin', id)).toEqual([
      'service_contact.create',
      'service_contact.update',
    ]);
  });

  it('keep one default: the default cannot just lose its flag', async () => {
    const fallback = (await contacts()).find((c) => c.is_default);
    const res = await admin.post(`${API}/${fallback.id}`, {
      name: fallback.name,
      phone: fallback.phone,
      phone_1: fallback.phone_1,
      is_default: '0',
      staff_id: fallback.staff?.id ?? '',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('默认专属客服');
    expect((await contacts()).find((c) => c.id === fallback.id)?.is_default).toBe(true);
  });
});

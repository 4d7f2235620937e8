// The back office's door: its own login and cookie, roles checked on every call, staff managed by
// admins, and every change in the audit log.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { IpClient } from '../support/members.ts';
import { login } from '../support/shop.ts';
import { staffLogin, uniqueStaffLogin } from '../support/staff.ts';

describe('back office sign-in and roles', () => {
  it('refuses visitors and buyer sessions with 401, staff without the role with 403', async () => {
    expect((await new Client().get('/api/admin/staff')).status).toBe(401);
    const buyer = await login('demo');
    const asBuyer = await buyer.get('/api/admin/staff');
    expect(asBuyer.status).toBe(401);
    expect(asBuyer.body.message).toBe('请先登录后台');
    const reviewer = await staffLogin('reviewer');
    const denied = await reviewer.get('/api/admin/staff');
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain('管理员');
    expect((await reviewer.get('/api/admin/audit')).status).toBe(403);
    expect((await reviewer.get('/api/admin/me')).body.data).toMatchObject({
      login: 'reviewer',
      roles: ['reviewer'],
    });
  });

  it('a buyer login is no staff login and a wrong password is refused in Chinese', async () => {
    const c = new Client();
    const res = await c.post('/api/admin/login', { login: 'demo', password: 'yaopi2026' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('登录名或密码错误，还可尝试9次');
    const bad = await c.post('/api/admin/login', { login: 'admin' });
    expect(bad.status).toBe(422);
  });

  it('the staff door asks for the captcha from the third failure, as the buyer door does', async () => {
    const name = uniqueStaffLogin();
    for (let i = 0; i < 3; i++) {
      const wrong = await new IpClient().post('/api/admin/login', { login: name, password: 'x1' });
      expect(wrong.status).toBe(400);
    }
    const asked = await new IpClient().post('/api/admin/login', { login: name, password: 'x1' });
    expect(asked.status).toBe(422);
    expect(asked.body.errors.captcha[0]).toBe('请输入图中的验证码');
  });
});

describe('staff management by an admin', () => {
  it('adds a staff member with a one-time password that must be changed, re-roles and disables them, all audited', async () => {
    const admin = await staffLogin('admin');
    const loginName = uniqueStaffLogin();
    const added = await admin.post('/api/admin/staff', {
      login: loginName,
      name: '王仓管',
      roles: ['warehouse'],
    });
    expect(added.status).toBe(201);
    const { staff, password } = added.body.data;
    expect(staff).toMatchObject({
      login: loginName,
      roles: ['warehouse'],
      must_change_password: true,
    });
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);

    const dup = await admin.post('/api/admin/staff', {
      login: loginName.toUpperCase(),
      name: '重复',
      roles: ['warehouse'],
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.login[0]).toBe('该登录名已被使用');
    expect(
      (await admin.post('/api/admin/staff', { login: 'x1y', name: '甲', roles: ['boss'] })).status,
    ).toBe(422);

    const newcomer = new Client();
    expect((await newcomer.post('/api/admin/login', { login: loginName, password })).status).toBe(
      200,
    );
    expect((await newcomer.get('/api/admin/me')).body.data.must_change_password).toBe(true);
    const weak = await newcomer.post('/api/admin/password', {
      old_password: password,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(weak.status).toBe(422);
    const changed = await newcomer.post('/api/admin/password', {
      old_password: password,
      password: 'Warehouse2026',
      password_confirmation: 'Warehouse2026',
    });
    expect(changed.status).toBe(200);
    expect((await newcomer.get('/api/admin/me')).body.data.must_change_password).toBe(false);

    const rerole = await admin.post(`/api/admin/staff/${staff.id}`, {
      roles: ['warehouse', 'finance'],
    });
    expect(rerole.body.data.roles).toEqual(['warehouse', 'finance']);
    expect((await admin.post(`/api/admin/staff/${staff.id}`, { disabled: '1' })).status).toBe(200);
    // Disabling takes effect at once: the open session and a new login are both refused.
    expect((await newcomer.get('/api/admin/me')).status).toBe(401);
    expect(
      (await new Client().post('/api/admin/login', { login: loginName, password: 'Warehouse2026' }))
        .status,
    ).toBe(400);

    const audit = await admin.get('/api/admin/audit', {
      entity: 'staff',
      entity_id: String(staff.id),
    });
    const actions = audit.body.data.rows.map((r: { action: string }) => r.action);
    expect(actions).toEqual(['staff.update', 'staff.update', 'staff.change_password', 'staff.add']);
    const [disabled] = audit.body.data.rows;
    expect(disabled).toMatchObject({
      staff: 'admin',
      role: 'admin',
      before: { disabled: false },
      after: { disabled: true },
    });
    expect(JSON.stringify(audit.body.data.rows)).not.toContain('password_hash');
  });

  it('an admin cannot disable or demote themselves; unknown staff is 404', async () => {
    const admin = await staffLogin('admin');
    const me = (await admin.get('/api/admin/me')).body.data;
    expect((await admin.post(`/api/admin/staff/${me.id}`, { disabled: '1' })).status).toBe(409);
    expect((await admin.post(`/api/admin/staff/${me.id}`, { roles: ['finance'] })).status).toBe(
      409,
    );
    expect((await admin.post('/api/admin/staff/999999', { name: '无' })).status).toBe(404);
    expect((await admin.post('/api/admin/staff/abc', { name: '无' })).status).toBe(422);
  });

  it('a change with nothing to change is refused, and the staff member stays as they were', async () => {
    const admin = await staffLogin('admin');
    const me = (await admin.get('/api/admin/me')).body.data;
    for (const form of [{}, { zzz: '1' }]) {
      const res = await admin.post(`/api/admin/staff/${me.id}`, form);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('请填写要修改的姓名、角色或状态');
    }
    expect((await admin.get('/api/admin/me')).body.data).toEqual(me);
  });

  it('a password reset ends the staff member\u2019s sessions and gives a new one-time password', async () => {
    const admin = await staffLogin('admin');
    const loginName = uniqueStaffLogin();
    const { staff, password } = (
      await admin.post('/api/admin/staff', {
        login: loginName,
        name: '李审核',
        roles: ['reviewer'],
      })
    ).body.data;
    const s = new Client();
    await s.post('/api/admin/login', { login: loginName, password });
    const reset = await admin.post(`/api/admin/staff/${staff.id}/reset_password`);
    expect(reset.body.data.password).not.toBe(password);
    expect((await s.get('/api/admin/me')).status).toBe(401);
    expect(
      (
        await new Client().post('/api/admin/login', {
          login: loginName,
          password: reset.body.data.password,
        })
      ).status,
    ).toBe(200);
  });
});

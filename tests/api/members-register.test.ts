import { describe, expect, it } from 'vitest';
import {
  IpClient,
  PASSWORD,
  registerMember,
  smsCode,
  uniquePhone,
  uniqueUsername,
} from '../support/members.ts';

const company = {
  company_name: '测试连锁大药房',
  company_type: 'pharmacy',
  province: '湖北省',
  city: '武汉市',
  address: '珞喻路 1 号',
  contact_name: '张三',
  contact_phone: '13912345678',
};

describe('SMS codes', () => {
  it('sends six digits for a new phone and refuses a registered one', async () => {
    const c = new IpClient();
    const code = await smsCode(c, uniquePhone(), 'register');
    expect(code).toMatch(/^\d{6}$/);
    const taken = await c.post('/api/sms/send', { phone: '13800000001', type: 'register' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.phone[0]).toMatch(/已注册/);
    const unknown = await c.post('/api/sms/send', { phone: uniquePhone(), type: 'reset' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toMatch(/未注册/);
  });

  it('rejects a bad phone or type with 422', async () => {
    const c = new IpClient();
    expect((await c.post('/api/sms/send', { phone: '12345', type: 'register' })).body.message).toBe(
      '请输入正确的手机号码',
    );
    expect(
      (await c.post('/api/sms/send', { phone: uniquePhone(), type: 'drop table' })).status,
    ).toBe(422);
  });

  it('limits a phone to 5 codes an hour', async () => {
    const c = new IpClient();
    const phone = uniquePhone();
    for (let i = 0; i < 5; i++)
      expect((await c.post('/api/sms/send', { phone, type: 'register' })).status).toBe(200);
    const sixth = await c.post('/api/sms/send', { phone, type: 'register' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/频繁/);
  });
});

describe('registration', () => {
  it('checks step 1, registers, logs in and waits for review', async () => {
    const c = new IpClient();
    const phone = uniquePhone();
    const username = uniqueUsername();
    const code = await smsCode(c, phone, 'register');
    const account = { username, password: PASSWORD, password_confirmation: PASSWORD, phone, code };
    expect((await c.post('/api/register/check', account)).status).toBe(200);
    const res = await c.post('/api/register', {
      ...account,
      ...company,
      contact_phone: '027-87654321',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ username, is_passed: false });
    const base = (await c.get('/api/user/base')).body.data;
    expect(base).toMatchObject({
      username,
      phone,
      company: '测试连锁大药房',
      is_passed: false,
      name: '张三',
    });
    expect(base.message_count).toBe(1);
    // The code is spent.
    const again = await new IpClient().post('/api/register', {
      ...account,
      username: uniqueUsername(),
      phone,
      ...company,
    });
    expect(again.status).toBe(422);
  });

  it('refuses a wrong code, then the right one still works', async () => {
    const c = new IpClient();
    const phone = uniquePhone();
    const code = await smsCode(c, phone, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    const form = {
      username: uniqueUsername(),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      phone,
      ...company,
    };
    const bad = await c.post('/api/register', { ...form, code: wrong });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.code[0]).toBe('验证码不正确');
    expect((await c.post('/api/register', { ...form, code })).status).toBe(201);
  });

  it('refuses a taken username (any case) and a taken phone', async () => {
    const m = await registerMember();
    const c = new IpClient();
    const phone = uniquePhone();
    const code = await smsCode(c, phone, 'register');
    const byName = await c.post('/api/register/check', {
      username: m.username.toUpperCase(),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      phone,
      code,
    });
    expect(byName.status).toBe(422);
    expect(byName.body.errors.username[0]).toBe('该用户名已被注册');
    const byPhone = await c.post('/api/register/check', {
      username: uniqueUsername(),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      phone: m.phone,
      code,
    });
    expect(byPhone.status).toBe(422);
    expect(byPhone.body.errors.phone[0]).toMatch(/已注册/);
  });

  it('applies the password, company and contact rules with Chinese messages', async () => {
    const c = new IpClient();
    const base = {
      username: uniqueUsername(),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      phone: uniquePhone(),
      code: '123456',
      ...company,
    };
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ password: 'abcdefgh', password_confirmation: 'abcdefgh' }, 'password', /字母和数字/],
      [{ password: 'abc123', password_confirmation: 'abc123' }, 'password', /8-64位/],
      [{ password_confirmation: 'Other1234' }, 'password_confirmation', /不一致/],
      [{ username: '1abc' }, 'username', /以字母开头/],
      [{ company_name: '<script>alert(1)</script>' }, 'company_name', /尖括号/],
      [{ company_name: '药'.repeat(500) }, 'company_name', /4-60/],
      [{ company_type: 'casino' }, 'company_type', /企业类型/],
      [{ province: '火星' }, 'province', /省份/],
      [{ contact_phone: '12345' }, 'contact_phone', /手机号码或固定电话/],
      [{ contact_name: "Robert'); DROP TABLE accounts;--" }, 'contact_name', /联系人/],
      [{ invited_code: "' OR 1=1 --" }, 'invited_code', /邀请码/],
    ];
    for (const [override, field, message] of cases) {
      const res = await c.post('/api/register', { ...base, ...override });
      expect(res.status, field).toBe(422);
      expect(res.body.errors[field]?.[0], field).toMatch(message);
    }
  });

  it('stores SQL-looking text verbatim', async () => {
    const name = "药房'); DELETE FROM accounts;--";
    const m = await registerMember({ company_name: name });
    expect((await m.client.get('/api/user/base')).body.data.company).toBe(name);
  });

  it('refuses an unknown invite code and accepts a real one', async () => {
    const bad = registerMember({ invited_code: 'NOSUCH1' });
    await expect(bad).rejects.toThrow(/422/);
    const m = await registerMember({ invited_code: 'YP2026A' });
    expect((await m.client.get('/api/user/base')).body.data.invited_codes).toMatch(
      /^YP[0-9A-F]{8}$/,
    );
  });

  it('answers 413 for an oversized body', async () => {
    const res = await new IpClient().post('/api/register', {
      company_name: 'x'.repeat(300 * 1024),
    });
    expect(res.status).toBe(413);
  });
});

describe('password reset (forget)', () => {
  it('verifies the phone, resets once, and ends every session', async () => {
    const m = await registerMember();
    const c = new IpClient();
    const code = await smsCode(c, m.phone, 'reset');
    const verify = await c.post('/api/forget/verify', { phone: m.phone, code });
    expect(verify.status).toBe(200);
    const ticket = verify.body.data.ticket as string;
    const mismatch = await c.post('/api/forget/reset', {
      ticket,
      password: 'Reset9999',
      password_confirmation: 'Reset9998',
    });
    expect(mismatch.status).toBe(422);
    const done = await c.post('/api/forget/reset', {
      ticket,
      password: 'Reset9999',
      password_confirmation: 'Reset9999',
    });
    expect(done.status).toBe(200);
    expect((await m.client.get('/api/user/jyfw')).status).toBe(401);
    expect(
      (await new IpClient().post('/api/login', { username: m.username, password: 'Reset9999' }))
        .status,
    ).toBe(200);
    const reuse = await c.post('/api/forget/reset', {
      ticket,
      password: 'Again12345',
      password_confirmation: 'Again12345',
    });
    expect(reuse.status).toBe(422);
  });

  it('refuses a wrong code and a forged ticket', async () => {
    const m = await registerMember();
    const c = new IpClient();
    const code = await smsCode(c, m.phone, 'reset');
    const wrong = await c.post('/api/forget/verify', {
      phone: m.phone,
      code: code === '999999' ? '888888' : '999999',
    });
    expect(wrong.status).toBe(422);
    const forged = await c.post('/api/forget/reset', {
      ticket: "' OR '1'='1",
      password: 'Reset9999',
      password_confirmation: 'Reset9999',
    });
    expect(forged.status).toBe(422);
  });

  it('spends a code after five wrong guesses', async () => {
    const m = await registerMember();
    const c = new IpClient();
    const code = await smsCode(c, m.phone, 'reset');
    const wrong = code === '123123' ? '321321' : '123123';
    for (let i = 0; i < 5; i++) await c.post('/api/forget/verify', { phone: m.phone, code: wrong });
    const late = await c.post('/api/forget/verify', { phone: m.phone, code });
    expect(late.status).toBe(422);
    expect(late.body.message).toMatch(/失效/);
  });
});

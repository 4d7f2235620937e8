import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { IpClient, PASSWORD, registerMember, solvedCaptcha } from '../support/members.ts';

describe('login throttling', () => {
  it('wrong passwords from anywhere never lock the owner out: from the third the account asks for a captcha', async () => {
    const m = await registerMember();
    const first = await new IpClient().post('/api/login', {
      username: m.username,
      password: 'Wrong1234',
    });
    expect(first.status).toBe(400);
    expect(first.body.message).toBe('用户名或密码错误，还可尝试9次');
    for (let i = 0; i < 2; i++) {
      const bad = await new IpClient().post('/api/login', {
        username: m.username,
        password: 'Wrong1234',
      });
      expect(bad.status).toBe(400);
    }
    // Three failures: the next attempt (here by phone, the same account) needs the captcha.
    const third = await new IpClient().post('/api/login', { username: m.phone, password: 'x' });
    expect(third.status).toBe(422);
    expect(third.body.errors.captcha[0]).toBe('请输入图中的验证码');
    // Ten more guesses from ten addresses without the captcha are refused before any password check.
    for (let i = 0; i < 10; i++) {
      const refused = await new IpClient().post('/api/login', {
        username: m.username,
        password: 'Wrong1234',
      });
      expect(refused.status).toBe(422);
    }
    const owner = new IpClient();
    const wrongAnswer = await owner.post('/api/login', {
      username: m.username,
      password: PASSWORD,
      captcha_id: (await solvedCaptcha(owner)).captcha_id,
      captcha: 'zzzz',
    });
    expect(wrongAnswer.status).toBe(422);
    expect(wrongAnswer.body.errors.captcha[0]).toBe('验证码不正确，请重新输入');
    const captcha = await solvedCaptcha(owner);
    const ok = await owner.post('/api/login', {
      username: m.username,
      password: PASSWORD,
      ...captcha,
    });
    expect(ok.status).toBe(200);
    // A captcha answers once.
    const replay = await new IpClient().post('/api/login', {
      username: m.username,
      password: 'Wrong1234',
      ...captcha,
    });
    expect(replay.status).toBe(400);
  });

  it('locks an account on one IP after 10 failures there; the same IP logs other accounts in, another IP this one', async () => {
    const m = await registerMember();
    const colleague = await registerMember();
    const office = new IpClient();
    for (let i = 0; i < 10; i++) {
      const bad = await office.post('/api/login', {
        username: m.username,
        password: 'Wrong1234',
        ...(i >= 3 ? await solvedCaptcha(office) : {}),
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain(`还可尝试${9 - i}次`);
    }
    const locked = await office.post('/api/login', {
      username: m.username,
      password: PASSWORD,
      ...(await solvedCaptcha(office)),
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/登录失败次数过多/);
    // A colleague in the same office is not locked out.
    const other = await office.post('/api/login', {
      username: colleague.username,
      password: PASSWORD,
    });
    expect(other.status).toBe(200);
    // The owner at another address gets in (with the captcha the failures ask for).
    const home = new IpClient();
    const owner = await home.post('/api/login', {
      username: m.username,
      password: PASSWORD,
      ...(await solvedCaptcha(home)),
    });
    expect(owner.status).toBe(200);
  });

  it('locks an IP that guesses across many accounts after 50 failures', async () => {
    const attacker = new IpClient();
    for (let i = 0; i < 50; i++) {
      const bad = await attacker.post('/api/login', {
        username: `nobody${i}x${attacker.ip}`,
        password: 'Wrong1234',
      });
      expect(bad.status).toBe(400);
    }
    const m = await registerMember();
    const blocked = await attacker.post('/api/login', { username: m.username, password: PASSWORD });
    expect(blocked.status).toBe(429);
    const elsewhere = await new IpClient().post('/api/login', {
      username: m.username,
      password: PASSWORD,
    });
    expect(elsewhere.status).toBe(200);
  });

  it('clears the account counters after a successful login', async () => {
    const m = await registerMember();
    const c = new IpClient();
    for (let i = 0; i < 2; i++)
      await c.post('/api/login', { username: m.username, password: 'Wrong1234' });
    expect((await c.post('/api/login', { username: m.username, password: PASSWORD })).status).toBe(
      200,
    );
    for (let i = 0; i < 2; i++)
      await c.post('/api/login', { username: m.username, password: 'Wrong1234' });
    const again = await c.post('/api/login', { username: m.username, password: PASSWORD });
    expect(again.status).toBe(200);
  });

  it('draws a fresh captcha picture each time, never cached', async () => {
    const c = new Client();
    const a = await c.get('/api/captcha');
    const b = await c.get('/api/captcha');
    expect(a.status).toBe(200);
    expect(a.headers.get('cache-control')).toBe('no-store');
    expect(a.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(a.body.data.id).not.toBe(b.body.data.id);
  });
});

describe('sessions', () => {
  it('logs in by phone, and the cookie is httpOnly and SameSite=Lax without Secure over http', async () => {
    const m = await registerMember();
    const c = new IpClient();
    const res = await c.post('/api/login', { username: m.phone, password: PASSWORD });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((s) => s.startsWith('yaopi_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await c.get('/api/user/base')).body.data.username).toBe(m.username);
  });

  it('marks the cookie Secure behind an https proxy', async () => {
    const m = await registerMember();
    const res = await new IpClient().request('POST', '/api/login', {
      form: { username: m.username, password: PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((s) => s.startsWith('yaopi_session='))).toMatch(
      /; Secure/i,
    );
  });

  it('ignores a planted session token (fixation): login issues a new one', async () => {
    const m = await registerMember();
    const c = new IpClient();
    c.cookies.set('yaopi_session', 'attacker-chosen-token');
    await c.post('/api/login', { username: m.username, password: PASSWORD });
    const token = c.cookies.get('yaopi_session');
    expect(token).toBeTruthy();
    expect(token).not.toBe('attacker-chosen-token');
    // A token stolen before login is worthless afterwards.
    const before = new IpClient();
    await before.post('/api/login', { username: m.username, password: PASSWORD });
    const old = before.cookies.get('yaopi_session')!;
    await before.post('/api/login', { username: m.username, password: PASSWORD });
    const thief = new IpClient();
    thief.cookies.set('yaopi_session', old);
    expect((await thief.get('/api/user/jyfw')).status).toBe(401);
  });

  it('logout ends the session on the server', async () => {
    const m = await registerMember();
    const token = m.client.cookies.get('yaopi_session')!;
    expect((await m.client.delete('/api/user/logout')).status).toBe(200);
    const replay = new IpClient();
    replay.cookies.set('yaopi_session', token);
    expect((await replay.get('/api/user/jyfw')).status).toBe(401);
    expect((await replay.get('/api/user/base')).body.data).toEqual({ show: true });
  });

  it('the header form logout (POST /logout) ends the session and goes home', async () => {
    const m = await registerMember();
    const token = m.client.cookies.get('yaopi_session')!;
    const res = await m.client.post('/logout');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const replay = new IpClient();
    replay.cookies.set('yaopi_session', token);
    expect((await replay.get('/api/user/jyfw')).status).toBe(401);
  });

  it('expires after 7 idle days', async () => {
    const m = await registerMember();
    await m.client.post('/api/dev/session_age', { idle_seconds: 7 * 86400 - 120 });
    expect((await m.client.get('/api/user/jyfw')).status).toBe(200);
    await m.client.post('/api/dev/session_age', { idle_seconds: 7 * 86400 + 60 });
    expect((await m.client.get('/api/user/jyfw')).status).toBe(401);
  });

  it('expires 30 days after login even when used every day', async () => {
    const m = await registerMember();
    await m.client.post('/api/dev/session_age', { age_seconds: 30 * 86400 + 60 });
    expect((await m.client.get('/api/user/jyfw')).status).toBe(401);
  });

  it('a password change ends the other sessions and renews this one', async () => {
    const m = await registerMember();
    const other = new IpClient();
    await other.post('/api/login', { username: m.username, password: PASSWORD });
    const oldToken = m.client.cookies.get('yaopi_session');
    const res = await m.client.post('/api/user/resetPassword', {
      old_password: PASSWORD,
      password: 'NewSecret456',
    });
    expect(res.status).toBe(200);
    expect(m.client.cookies.get('yaopi_session')).not.toBe(oldToken);
    expect((await m.client.get('/api/user/jyfw')).status).toBe(200);
    expect((await other.get('/api/user/jyfw')).status).toBe(401);
    expect(
      (await new IpClient().post('/api/login', { username: m.username, password: PASSWORD }))
        .status,
    ).toBe(400);
    expect(
      (await new IpClient().post('/api/login', { username: m.username, password: 'NewSecret456' }))
        .status,
    ).toBe(200);
  });

  it('rejects a weak new password with 422', async () => {
    const m = await registerMember();
    const res = await m.client.post('/api/user/resetPassword', {
      old_password: PASSWORD,
      password: '12345678',
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/字母和数字/);
  });

  it('asks for the current password, and a wrong one changes nothing', async () => {
    const m = await registerMember();
    const missing = await m.client.post('/api/user/resetPassword', { password: 'NewSecret456' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.old_password[0]).toBe('请输入当前密码');
    const wrong = await m.client.post('/api/user/resetPassword', {
      old_password: 'Guess1234',
      password: 'NewSecret456',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.old_password[0]).toBe('当前密码不正确');
    const same = await m.client.post('/api/user/resetPassword', {
      old_password: PASSWORD,
      password: PASSWORD,
    });
    expect(same.status).toBe(422);
    expect(
      (await new IpClient().post('/api/login', { username: m.username, password: PASSWORD }))
        .status,
    ).toBe(200);
  });
});

describe('cross-site form posts', () => {
  it('refuses a form post without Origin (403)', async () => {
    const m = await registerMember();
    const noOrigin = new Client(undefined, null);
    noOrigin.cookies = m.client.cookies;
    expect(
      (await noOrigin.post('/api/user/updateUserInfo', { name: '李四', phone: m.phone })).status,
    ).toBe(403);
    expect(
      (await noOrigin.post('/api/login', { username: m.username, password: PASSWORD })).status,
    ).toBe(403);
  });

  it('refuses a form post from another origin (403)', async () => {
    const m = await registerMember();
    const evil = new Client(undefined, 'https://evil.example');
    evil.cookies = m.client.cookies;
    expect((await evil.post('/api/user/address', { consignee: '张三' })).status).toBe(403);
  });
});

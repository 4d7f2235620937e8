import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { IpClient, PASSWORD, registerMember } from '../support/members.ts';

describe('login throttling', () => {
  it('locks an account after 10 failures with a Chinese 429, from any IP, by username or phone', async () => {
    const m = await registerMember();
    for (let i = 0; i < 10; i++) {
      const bad = await new IpClient().post('/api/login', {
        username: m.username,
        password: 'Wrong1234',
      });
      expect(bad.status).toBe(400);
    }
    const locked = await new IpClient().post('/api/login', {
      username: m.username,
      password: PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/登录失败次数过多/);
    // The phone is the same account: it shares the counter.
    const byPhone = await new IpClient().post('/api/login', {
      username: m.phone,
      password: PASSWORD,
    });
    expect(byPhone.status).toBe(429);
  });

  it('locks an IP after 10 failures across accounts', async () => {
    const attacker = new IpClient();
    for (let i = 0; i < 10; i++) {
      const bad = await attacker.post('/api/login', {
        username: `nobody${i}x`,
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

  it('clears the account counter after a successful login', async () => {
    const m = await registerMember();
    for (let i = 0; i < 9; i++)
      await new IpClient().post('/api/login', { username: m.username, password: 'Wrong1234' });
    expect(
      (await new IpClient().post('/api/login', { username: m.username, password: PASSWORD }))
        .status,
    ).toBe(200);
    for (let i = 0; i < 9; i++)
      await new IpClient().post('/api/login', { username: m.username, password: 'Wrong1234' });
    expect(
      (await new IpClient().post('/api/login', { username: m.username, password: PASSWORD }))
        .status,
    ).toBe(200);
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
    const res = await m.client.post('/api/user/resetPassword', { password: 'NewSecret456' });
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
    const res = await m.client.post('/api/user/resetPassword', { password: '12345678' });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/字母和数字/);
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

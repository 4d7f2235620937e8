import { describe, expect, it } from 'vitest';
import { Client, baseURL } from '../support/http.ts';

describe('GET /api/focus/common', () => {
  it('returns the header common response from the database', async () => {
    const res = await new Client().get('/api/focus/common');
    expect(res.status).toBe(200);
    const d = res.body.data;
    for (const key of [
      'rnss',
      'nav',
      'category',
      'category_yx',
      'category_zy',
      'category_qx',
      'brand',
      'timestamp',
    ]) {
      expect(d).toHaveProperty(key);
    }
    expect(d.rnss.length).toBeGreaterThan(0);
    expect(d.nav.length).toBeGreaterThan(0);
    expect(d.nav.length).toBeLessThanOrEqual(9);
    expect(d.category.length).toBeGreaterThanOrEqual(7);
    expect(d.category[0].children.length).toBeGreaterThan(0);
    expect(d.category_zy.length).toBeGreaterThan(0);
    expect(d.category_qx.length).toBeGreaterThan(0);
    // Times cross the API in the shop's offset (ARCHITECTURE), the same instant as the server's.
    expect(d.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+08:00$/);
    expect(Math.abs(Date.parse(d.timestamp) - Date.now())).toBeLessThan(60_000);
  });
});

describe('sessions', () => {
  it('logs in with username and password, then out', async () => {
    const c = new Client();
    const bad = await c.post('/api/login', { username: 'demo', password: 'wrong-password1' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^用户名或密码错误，还可尝试\d+次$/);
    const good = await c.post('/api/login', { username: 'demo', password: 'yaopi2026' });
    expect(good.status).toBe(200);
    expect(c.cookies.get('yaopi_session')).toBeTruthy();
    const out = await c.delete('/api/user/logout');
    expect(out.status).toBe(200);
    expect(c.cookies.has('yaopi_session')).toBe(false);
  });

  it('answers 422 with Chinese field messages for a missing password', async () => {
    const res = await new Client().post('/api/login', { username: 'demo' });
    expect(res.status).toBe(422);
    expect(res.body.errors.password[0]).toMatch(/请输入密码/);
    expect(res.body.message).toBe(res.body.errors.password[0]);
  });

  it('rejects a form post from a foreign origin', async () => {
    const res = await new Client(baseURL(), 'http://evil.example').post('/api/login', {
      username: 'demo',
      password: 'yaopi2026',
    });
    expect(res.status).toBe(403);
  });

  it('sends member-only pages to login when logged out', async () => {
    const res = await new Client().get('/addr');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?redirect=%2Faddr');
  });
});

describe('hostile input', () => {
  it('answers an oversized body with 413, not 500', async () => {
    const res = await new Client().request('POST', '/api/login', {
      body: 'username=' + 'a'.repeat(400_000),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('提交的内容过大');
  });

  it('answers deeply nested and prototype-polluting keys with a validation error', async () => {
    const res = await new Client().request('POST', '/api/login', {
      body: '__proto__[admin]=1&username[a][b][c][d][e][f][g]=x&password=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(422);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await new Client().request('POST', '/api/login', {
      body: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
});

describe('route table', () => {
  it('redirects unknown paths to /404, which answers 404', async () => {
    const c = new Client();
    const res = await c.get('/no/such/page');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/404');
    const nf = await c.get('/404');
    expect(nf.status).toBe(404);
    expect(String(nf.body)).toContain('页面不存在');
  });

  it('redirects /activity/* to /loading/activity and /register to step 1', async () => {
    const c = new Client();
    expect((await c.get('/activity/a/b')).headers.get('location')).toBe('/loading/activity');
    expect((await c.get('/register')).headers.get('location')).toBe('/register/step1');
  });
});

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions } from '../support/backoffice.ts';
import { Client } from '../support/http.ts';
import { registerMember } from '../support/members.ts';
import { demoStaff } from '../support/staff.ts';

// The ads desk (editor): positions, pictures, order, windows. This file's ads live in the `login`
// and `demo` positions, which no other test reads, and are removed at the end.

let editor: Client;
let admin: Client;
const made: number[] = [];
beforeAll(async () => {
  [editor, admin] = await Promise.all([demoStaff('editor'), demoStaff('admin')]);
});
afterAll(async () => {
  for (const id of made) await editor.request('DELETE', `/api/admin/ads/${id}`);
});

const create = async (form: Record<string, unknown>) => {
  const res = await editor.post('/api/admin/ads', { slot: 'login', ...form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  made.push(res.body.data.id);
  return res.body.data;
};
const upload = (c: Client, id: number, bytes: Uint8Array<ArrayBuffer>, name = 'ad.png') => {
  const form = new FormData();
  form.set('file', new File([bytes], name));
  return c.request('POST', `/api/admin/ads/${id}/image`, { body: form });
};
const picture = async (width: number, height: number) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#e63' } })
      .png()
      .toBuffer(),
  );
const shownTitles = async (path: string) =>
  ((await new Client().get(path)).body.data as { title: string }[]).map((a) => a.title);
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('ads desk: roles', () => {
  it('only the editor and admin may read or change ads', async () => {
    const ad = await create({ title: '权限测试' });
    for (const login of ['reviewer', 'warehouse', 'finance', 'service', 'merchandiser']) {
      const c = await demoStaff(login);
      expect((await c.get('/api/admin/ads', { slot: 'top' })).status, login).toBe(403);
      expect((await c.post('/api/admin/ads', { slot: 'top', title: 'x' })).status).toBe(403);
      expect((await c.post(`/api/admin/ads/${ad.id}`, { title: 'x' })).status).toBe(403);
      expect((await c.post(`/api/admin/ads/${ad.id}/move`, { to: 'up' })).status).toBe(403);
      expect((await upload(c, ad.id, await picture(20, 20))).status).toBe(403);
      const removed = await c.request('DELETE', `/api/admin/ads/${ad.id}`);
      expect(removed.status).toBe(403);
      expect(removed.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const buyer = await registerMember();
    expect((await buyer.client.get('/api/admin/ads', { slot: 'top' })).status).toBe(401);
    expect((await new Client().post('/api/admin/ads', { slot: 'top', title: 'x' })).status).toBe(
      401,
    );
    for (const c of [editor, admin])
      expect((await c.get('/api/admin/ads', { slot: 'login' })).status).toBe(200);
  });
});

describe('ads desk: validation', () => {
  it('refuses unknown positions, bad links, bad windows and bad ids with Chinese messages', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ slot: 'nowhere', title: '广告' }, 'slot'],
      [{ slot: 'login', title: '' }, 'title'],
      [{ slot: 'login', title: '广'.repeat(31) }, 'title'],
      [{ slot: 'login', title: '<script>' }, 'title'],
      [{ slot: 'login', title: '广告', url: 'javascript:alert(1)' }, 'url'],
      [{ slot: 'login', title: '广告', url: '//evil.example' }, 'url'],
      [{ slot: 'login', title: '广告', starts_at: 'tomorrow' }, 'starts_at'],
      [
        {
          slot: 'login',
          title: '广告',
          starts_at: '2030-01-02T00:00',
          ends_at: '2030-01-01T00:00',
        },
        'ends_at',
      ],
    ];
    for (const [body, field] of bad) {
      const res = await editor.post('/api/admin/ads', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message, JSON.stringify(body)).toMatch(/[\u4e00-\u9fa5]/);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect((await editor.get('/api/admin/ads', { slot: 'x' })).status).toBe(422);
    expect((await editor.post('/api/admin/ads/abc', { title: '广告' })).status).toBe(422);
    expect((await editor.post('/api/admin/ads/2000000000', { title: '广告' })).status).toBe(404);
    expect((await editor.request('DELETE', '/api/admin/ads/2000000000')).status).toBe(404);
    const ad = await create({ title: '校验' });
    expect((await editor.post(`/api/admin/ads/${ad.id}/move`, { to: 'left' })).status).toBe(422);
  });

  it('judges a picture by its bytes and size, and scales it into the position’s box', async () => {
    const ad = await create({ title: '图片测试', url: '/jxqzc' });
    const pdf = new TextEncoder().encode('%PDF-1.4 not a picture');
    const wrong = await upload(editor, ad.id, pdf, 'ad.jpg');
    expect(wrong.status).toBe(415);
    expect(wrong.body.message).toContain('图片');
    const png = await picture(3000, 2000);
    const broken = await upload(editor, ad.id, png.slice(0, 40));
    expect(broken.status).toBe(415);
    const huge = new Uint8Array(5 * 1024 * 1024 + 100 * 1024);
    huge.set(png.slice(0, 16));
    const tooBig = await upload(editor, ad.id, huge);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toContain('5MB');
    expect((await upload(editor, ad.id, new Uint8Array(0))).status).toBeGreaterThanOrEqual(400);
    expect((await upload(editor, 2_000_000_000, png)).status).toBe(404);

    const up = await upload(editor, ad.id, png);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const url = up.body.data.image as string;
    expect(url).toMatch(/^\/uploads\/ads\/[0-9a-f]{32}\.webp$/);
    const served = await fetch(new URL(url, editor.base));
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
    // The login position's box is 1200 × 800: 3000 × 2000 scales to fit it.
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 800]);
    expect(
      (await fetch(new URL('/uploads/ads/0123456789abcdef0123456789abcdef.webp', editor.base)))
        .status,
    ).toBe(404);
    expect((await fetch(new URL('/uploads/ads/..%2F..%2Fetc%2Fpasswd', editor.base))).status).toBe(
      404,
    );
    await expect
      .poll(async () =>
        ((await new Client().get('/api/focus/login')).body.data as { image: string }[]).map(
          (a) => a.image,
        ),
      )
      .toContain(url);
  });
});

describe('ads desk: order, windows and what the shop shows', () => {
  it('shows enabled ads inside their window in the editor’s order, within seconds of a save', async () => {
    const stamp = Date.now().toString(36);
    const a = await create({ slot: 'demo', title: `甲${stamp}` });
    const b = await create({ slot: 'demo', title: `乙${stamp}` });
    const later = await create({
      slot: 'demo',
      title: `未开始${stamp}`,
      starts_at: iso(86_400_000),
    });
    const over = await create({
      slot: 'demo',
      title: `已结束${stamp}`,
      starts_at: iso(-2 * 86_400_000),
      ends_at: iso(-86_400_000),
    });
    const off = await create({ slot: 'demo', title: `停用${stamp}`, enabled: '0' });
    expect([later.state, over.state, off.state]).toEqual(['scheduled', 'ended', 'off']);
    const mine = async () =>
      (await shownTitles('/api/focus/demo')).filter((t) => t.endsWith(stamp));
    await expect.poll(mine).toEqual([`甲${stamp}`, `乙${stamp}`]);

    const moved = await editor.post(`/api/admin/ads/${b.id}/move`, { to: 'up' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await expect.poll(mine).toEqual([`乙${stamp}`, `甲${stamp}`]);
    const listed = (await editor.get('/api/admin/ads', { slot: 'demo' })).body.data as {
      id: number;
    }[];
    expect(listed.findIndex((r) => r.id === b.id)).toBeLessThan(
      listed.findIndex((r) => r.id === a.id),
    );

    const changed = await editor.post(`/api/admin/ads/${a.id}`, {
      title: `甲改${stamp}`,
      url: 'https://example.com/a',
      enabled: '0',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ title: `甲改${stamp}`, enabled: 0, state: 'off' });
    await expect.poll(mine).toEqual([`乙${stamp}`]);
    await editor.post(`/api/admin/ads/${a.id}`, { title: `甲改${stamp}`, enabled: '1' });
    await expect.poll(mine).toEqual([`乙${stamp}`, `甲改${stamp}`]);

    expect((await editor.request('DELETE', `/api/admin/ads/${b.id}`)).status).toBe(200);
    await expect.poll(mine).toEqual([`甲改${stamp}`]);
    expect(await auditActions(admin, 'ads', b.id)).toEqual([
      'content.ad_create',
      'content.ad_move',
      'content.ad_remove',
    ]);
    expect(await auditActions(admin, 'ads', a.id)).toEqual([
      'content.ad_create',
      'content.ad_update',
      'content.ad_update',
    ]);
  });
});

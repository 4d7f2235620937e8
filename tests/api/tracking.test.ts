import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { PAGE_VIEW_LIMIT } from '#/server/tracking.ts';

describe('POST /api/track/pageview', () => {
  it('records a view for a visitor and for a member', async () => {
    const visitor = new Client();
    const res = await visitor.post('/api/track/pageview', { path: '/list?select=3' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: null });

    const member = new Client();
    expect(
      (await member.post('/api/login', { username: 'clinic', password: 'yaopi2026' })).status,
    ).toBe(200);
    expect((await member.post('/api/track/pageview', { path: '/user' })).status).toBe(201);
  });

  it('answers 422 in Chinese for a bad path', async () => {
    const c = new Client();
    for (const path of ['', 'https://evil.example/', '//evil.example', '/a b']) {
      const res = await c.post('/api/track/pageview', { path });
      expect(res.status).toBe(422);
      expect(res.body.errors.path[0]).toMatch(/页面路径/);
    }
    const none = await c.post('/api/track/pageview', {});
    expect(none.status).toBe(422);
  });

  it('rejects a form post from a foreign origin', async () => {
    const c = new Client(undefined, 'https://evil.example');
    expect((await c.post('/api/track/pageview', { path: '/' })).status).toBe(403);
  });

  it('throttles one member past the per-minute limit with 429', async () => {
    // The chain demo member is used by no other API test for page views.
    const c = new Client();
    expect((await c.post('/api/login', { username: 'chain', password: 'yaopi2026' })).status).toBe(
      200,
    );
    const statuses: number[] = [];
    for (let i = 0; i <= PAGE_VIEW_LIMIT; i++)
      statuses.push((await c.post('/api/track/pageview', { path: `/p${i}` })).status);
    expect(statuses.slice(0, PAGE_VIEW_LIMIT).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

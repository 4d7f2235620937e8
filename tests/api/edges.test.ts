// Answers made below the endpoints: health checks, unknown API paths, malformed URLs, oversized
// headers and cross-site posts all answer the API's JSON with a Chinese message.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { baseURL, Client } from '../support/http.ts';

const CHINESE = /[\u4e00-\u9fff]/;

/** Sends raw bytes (fetch would refuse to send these requests) and reads the whole answer. */
function raw(request: string): Promise<string> {
  const url = new URL(baseURL());
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(request));
    let got = '';
    socket.on('data', (d) => (got += d));
    socket.on('end', () => resolve(got));
    socket.on('error', reject);
    setTimeout(() => socket.destroy(), 5000).unref();
  });
}

describe('answers below the endpoints', () => {
  it('/healthz and /readyz answer for a load balancer, with a request id', async () => {
    const health = await fetch(new URL('/healthz', baseURL()));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(new URL('/readyz', baseURL()), {
      headers: { 'x-request-id': 'lb-check-1' },
    });
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ready: true,
      database: 'ok',
      migrations: 'ok',
      catalogue: 'ok',
    });
    expect(ready.headers.get('x-request-id')).toBe('lb-check-1');
  });

  it('an unknown API path is a JSON 404, whatever the method', async () => {
    const c = new Client();
    for (const res of [
      await c.get('/api/no/such/thing'),
      await c.post('/api/nope', { a: 1 }),
      // an endpoint that takes POST only, asked with GET
      await c.get('/api/order/1/return/'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('接口不存在');
    }
  });

  it('a malformed URL and oversized headers answer JSON with a Chinese message', async () => {
    const bad = await raw(
      'GET /api/goods/list?keywords=%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(bad).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(/\{.*\}/s.exec(bad)![0]).message).toMatch(CHINESE);
    const badPath = await raw(
      'GET /api/order/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(badPath).toMatch(/^HTTP\/1\.1 400/);
    const big = await raw(
      `GET /api/goods/list HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
    );
    expect(big).toMatch(/^HTTP\/1\.1 431/);
    expect(JSON.parse(/\{.*\}/s.exec(big)![0]).message).toBe('请求头过大');
  });

  it('a form post from another site is refused in JSON; a provider notice needs no Origin', async () => {
    const foreign = new Client(undefined, 'https://evil.example');
    const res = await foreign.post('/api/login', { username: 'demo', password: 'yaopi2026' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/请求来源不合法/);
    const noOrigin = new Client(undefined, null);
    expect((await noOrigin.post('/api/login', { username: 'demo', password: 'x' })).status).toBe(
      403,
    );
    const notice = await noOrigin.request('POST', '/api/pay/notify/sandbox', {
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(notice.status).toBe(400);
    expect(notice.body.message).toMatch(/签名/);
  });

  it('text with control characters is refused before any query, naming the field', async () => {
    const res = await new Client().post('/api/login', { username: 'de\u0000mo', password: 'x' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['username']);
    const page = await fetch(new URL('/search?keywords=%00', baseURL()));
    expect(page.status).toBe(400);
  });
});

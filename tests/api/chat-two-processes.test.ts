// Chat across two app processes on one PostgreSQL, as behind a load balancer without sticky
// sessions: a buyer's stream on one process and the service desk's on the other; messages
// accepted by either process reach the other side within a second (LISTEN/NOTIFY), and a stream
// resumed on the other process gets what it missed; a logout on one process ends the session's
// stream on the other. Runs on PostgreSQL whichever engine the suite uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALWAYS, clientId, openStream, type Stream, setHours } from '../support/chat.ts';
import { Client } from '../support/http.ts';
import { createScratchDatabase, type RunningServer, startServer } from '../support/server.ts';

const PG_URL = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test';
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let a: RunningServer;
let b: RunningServer;
const streams: Stream[] = [];

async function signIn(base: string, path: string, form: object): Promise<Client> {
  const c = new Client(base);
  const res = await c.post(path, form);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return c;
}

/** The same cookies, talking to another process. */
function via(c: Client, base: string): Client {
  const other = new Client(base);
  other.cookies = c.cookies;
  return other;
}

beforeAll(async () => {
  scratch = await createScratchDatabase(PG_URL);
  [a, b] = await Promise.all([
    startServer({ SEED_GOODS: '200' }, { sharedDatabase: scratch.url }),
    startServer({ SEED_GOODS: '200' }, { sharedDatabase: scratch.url }),
  ]);
}, 240_000);

afterAll(async () => {
  for (const s of streams) s.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await scratch?.drop();
});

describe('chat on two processes', () => {
  it('messages arrive both ways within a second, and a stream resumes on the other process', async () => {
    await setHours(
      await signIn(a.url, '/api/admin/login', { login: 'admin', password: 'yaopi2026' }),
      ALWAYS,
    );
    const staffOnB = await signIn(b.url, '/api/admin/login', {
      login: 'service',
      password: 'yaopi2026',
    });
    const buyerOnA = await signIn(a.url, '/api/login', { username: 'demo', password: 'yaopi2026' });

    const desk = await openStream(staffOnB, '/api/admin/chat/stream');
    const buyer = await openStream(buyerOnA, '/api/chat/stream');
    streams.push(desk, buyer);
    expect([desk.status, buyer.status]).toEqual([200, 200]);
    await Promise.all([
      desk.next((e) => e.type === 'hello'),
      buyer.next((e) => e.type === 'hello'),
    ]);

    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const sentAt = Date.now();
      const sent = await buyerOnA.post('/api/chat/messages', {
        client_id: clientId(),
        text: `A进程的第${i}条`,
      });
      expect(sent.status).toBe(201);
      const got = await desk.next((e) => e.id === sent.body.data.id, 2000);
      latencies.push(got.at - sentAt);
      expect(got.data.message.text).toBe(`A进程的第${i}条`);
    }
    const conversation = desk.events.find((e) => e.type === 'message')!.data.conversation_id;
    for (let i = 0; i < 5; i++) {
      const sentAt = Date.now();
      const sent = await staffOnB.post(`/api/admin/chat/conversations/${conversation}/messages`, {
        client_id: clientId(),
        text: `B进程的回复${i}`,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      const got = await buyer.next((e) => e.id === sent.body.data.id, 2000);
      latencies.push(got.at - sentAt);
    }
    // Within a second, the response round trip included.
    expect(Math.max(...latencies)).toBeLessThan(1000);

    // The buyer's tab loses its connection to A; meanwhile B accepts two replies; the browser
    // reconnects through the balancer to B with its last id.
    const lastSeen = buyer.events.filter((e) => e.type === 'message').at(-1)!.id;
    buyer.close();
    const missed: number[] = [];
    for (const text of ['断线时的回复一', '断线时的回复二']) {
      const r = await staffOnB.post(`/api/admin/chat/conversations/${conversation}/messages`, {
        client_id: clientId(),
        text,
      });
      missed.push(r.body.data.id);
    }
    const resumed = await openStream(via(buyerOnA, b.url), '/api/chat/stream', lastSeen);
    streams.push(resumed);
    await resumed.next((e) => e.id === missed[1]);
    expect(resumed.events.filter((e) => e.type === 'message').map((e) => e.id)).toEqual(missed);

    // A message accepted by A while the desk's stream is on B: the desk sees it, once.
    const viaA = via(buyerOnA, a.url);
    const id = clientId();
    const once = await viaA.post('/api/chat/messages', { client_id: id, text: '只发一次' });
    const twice = await via(buyerOnA, b.url).post('/api/chat/messages', {
      client_id: id,
      text: '只发一次',
    });
    expect([once.status, twice.status]).toEqual([201, 200]);
    await desk.next((e) => e.id === once.body.data.id);
    expect(desk.events.filter((e) => e.id === once.body.data.id)).toHaveLength(1);
  });

  it('a logout on one process ends the stream on the other, which no longer lets the cookie in', async () => {
    const buyer = await signIn(a.url, '/api/login', { username: 'demo', password: 'yaopi2026' });
    const onB = via(buyer, b.url);
    // B has read (and cached) the session before the logout.
    expect((await onB.get('/api/chat/messages')).status).toBe(200);
    const stream = await openStream(onB, '/api/chat/stream');
    streams.push(stream);
    await stream.next((e) => e.type === 'hello');
    const stale = new Client(b.url);
    stale.cookies = new Map(buyer.cookies);
    expect((await buyer.request('DELETE', '/api/user/logout')).status).toBe(200);
    const ended = await Promise.race([
      stream.ended.then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 2000)),
    ]);
    expect(ended).toBe('ended');
    expect((await openStream(stale, '/api/chat/stream')).status).toBe(401);
    expect((await stale.get('/api/chat/messages')).status).toBe(401);
  });
});

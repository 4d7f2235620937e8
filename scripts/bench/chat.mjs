// Chat figures: delivery latency (a message posted on one process until the other side's stream
// has it; across two processes on PostgreSQL, in-process on PGlite) and what idle streams cost
// one process (RSS before and after opening them).
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { Member, summarise } from './flows.mjs';

const SAMPLES = 40;

/** A raw SSE reader: resolves waiters by message id. */
function stream(base, path, cookie) {
  const waiting = new Map();
  const seen = new Map();
  let buffer = '';
  const req = http.get(new URL(path, base), { headers: { cookie, accept: 'text/event-stream' } });
  const ready = new Promise((resolve, reject) => {
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: hello')) resolve();
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          if (id) {
            const at = performance.now();
            seen.set(Number(id), at);
            waiting.get(Number(id))?.(at);
          }
          end = buffer.indexOf('\n\n');
        }
      });
    });
    req.on('error', reject);
  });
  return {
    ready,
    arrival: (id) =>
      seen.has(id) ? Promise.resolve(seen.get(id)) : new Promise((r) => waiting.set(id, r)),
    close: () => req.destroy(),
  };
}

async function staffCookie(base, login) {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password: 'yaopi2026' }).toString(),
  });
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('yaopi_staff='))
    .split(';')[0];
}

async function post(base, path, cookie, form, method = 'POST') {
  const res = await fetch(base + path, {
    method,
    headers: { origin: base, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return res.json();
}

/** Latency both ways: buyer on `buyerBase`, service desk on `staffBase`. */
export async function benchChatLatency(buyerBase, staffBase, label) {
  const admin = await staffCookie(buyerBase, 'admin');
  await post(buyerBase, '/api/admin/chat/hours', admin, { open: '00:00', close: '24:00' }, 'PUT');
  const buyer = new Member(buyerBase);
  await buyer.call('POST', '/api/login', { username: 'demo', password: 'yaopi2026' });
  const service = await staffCookie(staffBase, 'service');
  const desk = stream(staffBase, '/api/admin/chat/stream', service);
  const mine = stream(buyerBase, '/api/chat/stream', buyer.cookie);
  await Promise.all([desk.ready, mine.ready]);
  const toStaff = [];
  const toBuyer = [];
  let conversation = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const sent = await post(buyerBase, '/api/chat/messages', buyer.cookie, {
      client_id: crypto.randomUUID(),
      text: `测速${i}`,
    });
    toStaff.push((await desk.arrival(sent.data.id)) - started);
    conversation = sent.data.conversation_id;
    // The rate limit (20 per 10 s per member) is part of the product: stay under it.
    await new Promise((r) => setTimeout(r, 520));
  }
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const sent = await post(
      staffBase,
      `/api/admin/chat/conversations/${conversation}/messages`,
      service,
      {
        client_id: crypto.randomUUID(),
        text: `回复${i}`,
      },
    );
    toBuyer.push((await mine.arrival(sent.data.id)) - started);
    await new Promise((r) => setTimeout(r, 520));
  }
  desk.close();
  mine.close();
  return [
    summarise(`chat buyer → desk, ${label} (post until pushed)`, toStaff),
    summarise(`chat desk → buyer, ${label} (post until pushed)`, toBuyer),
  ];
}

const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Opens `n` idle buyer streams on one process and reports its extra RSS. */
export async function benchIdleStreams(base, pid, n = 2000) {
  const buyer = new Member(base);
  await buyer.call('POST', '/api/login', { username: 'demo', password: 'yaopi2026' });
  await new Promise((r) => setTimeout(r, 1000));
  const before = rssMb(pid);
  const open = [];
  for (let i = 0; i < n; i += 100) {
    const batch = Array.from({ length: Math.min(100, n - i) }, () =>
      stream(base, '/api/chat/stream', buyer.cookie),
    );
    await Promise.all(batch.map((s) => s.ready));
    open.push(...batch);
  }
  await new Promise((r) => setTimeout(r, 2000));
  const after = rssMb(pid);
  for (const s of open) s.close();
  return { streams: open.length, beforeMb: before, afterMb: after, extraMb: after - before };
}

// Chat test helpers: a Server-Sent Events reader over fetch (with the client's cookies and an
// optional Last-Event-ID), service staff of their own, and service hours.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { Client } from './http.ts';
import { uniqueStaffLogin } from './staff.ts';

export interface StreamEvent {
  type: string;
  id: number;
  data: any;
  at: number;
}

export interface Stream {
  events: StreamEvent[];
  status: number;
  /** settles when the server ends the stream */
  ended: Promise<void>;
  /** the first event (after `from`) that matches, waiting up to `ms` */
  next: (match: (e: StreamEvent) => boolean, ms?: number) => Promise<StreamEvent>;
  close: () => void;
}

export async function openStream(
  c: Client,
  path: string,
  lastId?: number,
  base = c.base,
): Promise<Stream> {
  const abort = new AbortController();
  const headers: Record<string, string> = {
    cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    accept: 'text/event-stream',
  };
  if (lastId !== undefined) headers['last-event-id'] = String(lastId);
  const res = await fetch(new URL(path, base), { headers, signal: abort.signal });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    ended = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const e: StreamEvent = { type: 'message', id: 0, data: null, at: Date.now() };
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) e.type = line.slice(7);
              else if (line.startsWith('id: ')) e.id = Number(line.slice(4));
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (data) {
              e.data = JSON.parse(data);
              events.push(e);
              for (const w of waiters) w();
            }
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        /* closed */
      }
    })();
  } else {
    await res.body?.cancel();
  }
  return {
    events,
    ended,
    status: res.status,
    close: () => abort.abort(),
    next: (match, ms = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching event within ${ms} ms: ${JSON.stringify(events.map((e) => e.type))}`,
            ),
          );
        }, ms);
        waiters.add(check);
        check();
      }),
  };
}

export const clientId = () => randomUUID();

/** Posts a text message as whoever `c` is, to the buyer's or a desk conversation path. */
export const say = (c: Client, path: string, text: string, id: string = clientId()) =>
  c.post(path, { client_id: id, text });

/** A new service staff member, signed in with a password of their own. */
export async function newServiceStaff(
  admin: Client,
  name: string,
): Promise<Client & { id: number }> {
  const login = uniqueStaffLogin();
  const added = await admin.post('/api/admin/staff', { login, name, roles: ['service'] });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const c = new Client(admin.base);
  const signedIn = await c.post('/api/admin/login', { login, password: added.body.data.password });
  expect(signedIn.status).toBe(200);
  const changed = await c.post('/api/admin/password', {
    old_password: added.body.data.password,
    password: 'Service2026x',
    password_confirmation: 'Service2026x',
  });
  expect(changed.status).toBe(200);
  return Object.assign(c, { id: added.body.data.staff.id as number });
}

/** Service hours for the test: always open, or closed now. */
export async function setHours(admin: Client, hours: { open: string; close: string }) {
  const res = await admin.request('PUT', '/api/admin/chat/hours', { form: hours });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
export const ALWAYS = { open: '00:00', close: '24:00' };
/** A window that has just ended (Beijing time), so now is outside it. */
export function closedNow(): { open: string; close: string } {
  const beijing = new Date(Date.now() + 8 * 3600_000);
  const hh = (h: number) => String((h + 24) % 24).padStart(2, '0');
  const h = beijing.getUTCHours();
  return { open: `${hh(h - 3)}:00`, close: `${hh(h - 1)}:00` };
}

// The chat's push channel: Server-Sent Events served beside Astro by our node:http server (see
// serve.ts), so a held connection costs a socket and a small object, no request pipeline. Every
// message event carries its id; a client that reconnects sends Last-Event-ID (EventSource does
// it by itself; a fresh page may pass ?last_id=) and first receives what it missed, from the
// database, then live events from the hub. Works through nginx: X-Accel-Buffering: no, and a
// comment line every HEARTBEAT_MS keeps proxies from timing the connection out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { hasRole, type StaffRole } from '#/lib/staffRoles.ts';
import { chatConversations } from '#/server/db/schema/index.ts';
import { getDb } from '#/server/db/client.ts';
import { logger } from '#/server/log.ts';
import { readSession, SESSION_COOKIE } from '#/server/sessions.ts';
import { hashToken, onSessionEnd, type SessionEnd } from '#/server/sessionEnds.ts';
import { readStaffSession, STAFF_COOKIE } from '#/server/staff/sessions.ts';
import { buyerUnread, requireChat } from './buyer.ts';
import { visibleTo } from './desk.ts';
import { type ChatEvent, subscribe } from './hub.ts';
import { messagesAfter, messagesByIds } from './messages.ts';
import { markOffline, markOnline, PRESENCE_REFRESH_MS } from './presence.ts';

export const BUYER_STREAM = '/api/chat/stream';
export const STAFF_STREAM = '/api/admin/chat/stream';
const HEARTBEAT_MS = PRESENCE_REFRESH_MS;
/** A client this far behind is dropped; it reconnects and catches up from the database. */
const SLOW_CLIENT_BYTES = 1024 * 1024;
const LAST_ID = /^\d{1,15}$/;

type Reader = { tokenHash: string } & (
  | { side: 'buyer'; companyId: number; accountId: number }
  | { side: 'staff'; staffId: number; role: StaffRole }
);

interface Stream {
  reader: Reader;
  res: ServerResponse;
  /** the newest message id written to this stream */
  lastSent: number;
  /** live events that arrived while the missed messages were being read */
  held: ChatEvent[] | null;
}

const streams = new Set<Stream>();
let ticker: NodeJS.Timeout | null = null;
let hearingEnds = false;
/** set on shutdown: a stream asked for on a kept-alive connection meanwhile goes elsewhere */
let closing = false;

function cookie(req: IncomingMessage, name: string): string | undefined {
  const m = new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(req.headers.cookie ?? '');
  return m?.[1];
}

function refuse(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({ message });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function wants(reader: Reader, e: ChatEvent): boolean {
  if (reader.side === 'buyer')
    return e.company_id === reader.companyId && (e.type !== 'read' || e.side === 'buyer');
  if (e.type === 'read' && e.side !== 'staff') return false;
  return (
    reader.role === 'admin' ||
    e.staff_id === null ||
    e.staff_id === reader.staffId ||
    e.previous_staff_id === reader.staffId
  );
}

function write(s: Stream, text: string): void {
  s.res.write(text);
  if (s.res.writableLength > SLOW_CLIENT_BYTES) s.res.destroy();
}

function send(s: Stream, e: ChatEvent): void {
  if (e.type === 'message' && e.message) {
    if (e.message.id <= s.lastSent) return;
    s.lastSent = e.message.id;
    write(s, `id: ${e.message.id}\nevent: message\ndata: ${JSON.stringify(e)}\n\n`);
  } else {
    write(s, `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
  }
}

async function deliver(s: Stream, e: ChatEvent): Promise<void> {
  if (!wants(s.reader, e)) return;
  if (s.held) {
    s.held.push(e);
    return;
  }
  if (e.type === 'message' && !e.message && e.message_id) {
    const [message] = await messagesByIds(await getDb(), [e.message_id]);
    if (message) send(s, { ...e, message });
    return;
  }
  send(s, e);
}

function conversationsOf(reader: Reader) {
  return reader.side === 'buyer'
    ? eq(chatConversations.companyId, reader.companyId)
    : visibleTo({ id: reader.staffId, role: reader.role });
}

/** Writes what the stream missed after its last id, then the live events held meanwhile. */
async function catchUp(s: Stream): Promise<void> {
  s.held ??= [];
  try {
    for (;;) {
      const missed = await messagesAfter(s.lastSent, conversationsOf(s.reader));
      for (const message of missed)
        send(s, {
          type: 'message',
          conversation_id: message.conversation_id,
          company_id: s.reader.side === 'buyer' ? s.reader.companyId : 0,
          staff_id: null,
          message,
        });
      if (missed.length < 500) break;
    }
  } finally {
    const held = s.held;
    s.held = null;
    for (const e of held) await deliver(s, e);
  }
}

function endedBy(reader: Reader, end: SessionEnd): boolean {
  if (reader.side !== end.side) return false;
  if ('tokenHash' in end) return reader.tokenHash === end.tokenHash;
  if ('accountId' in end) return reader.side === 'buyer' && reader.accountId === end.accountId;
  return reader.side === 'staff' && reader.staffId === end.staffId;
}

/** A session ended (logout, password, store switch): its streams close at once. */
function sessionEnded(end: SessionEnd): void {
  for (const s of streams) if (endedBy(s.reader, end)) s.res.end();
}

function tick(): void {
  const staffIds = new Set<number>();
  for (const s of streams) {
    write(s, ': ping\n\n');
    if (s.reader.side === 'staff') staffIds.add(s.reader.staffId);
  }
  markOnline([...staffIds]).catch((error: unknown) =>
    logger.warn('chat presence refresh failed', { error }),
  );
}

async function who(req: IncomingMessage, res: ServerResponse, staffSide: boolean) {
  if (staffSide) {
    const staffToken = cookie(req, STAFF_COOKIE);
    const s = await readStaffSession(staffToken);
    if (!s || !staffToken) return refuse(res, 401, '请先登录后台');
    if (s.mustChangePassword) return refuse(res, 403, '请先修改初始密码');
    if (!hasRole(s.roles, 'service')) return refuse(res, 403, '没有权限：需要「客服」角色');
    return {
      side: 'staff',
      tokenHash: hashToken(staffToken),
      staffId: s.id,
      role: s.roles.includes('admin') ? 'admin' : 'service',
    } as const;
  }
  const token = cookie(req, SESSION_COOKIE);
  const user = await readSession(token && /^[\w-]+$/.test(token) ? token : undefined);
  if (!user || !token) return refuse(res, 401, '请先登录');
  try {
    await requireChat(user);
  } catch (error) {
    return refuse(res, 403, (error as Error).message);
  }
  return {
    side: 'buyer',
    tokenHash: hashToken(token),
    companyId: user.companyId,
    accountId: user.accountId,
  } as const;
}

async function open(req: IncomingMessage, res: ServerResponse, url: URL, staffSide: boolean) {
  const reader = await who(req, res, staffSide);
  if (!reader) return;
  const given = req.headers['last-event-id'] ?? url.searchParams.get('last_id') ?? '0';
  const lastId = typeof given === 'string' && LAST_ID.test(given) ? Number(given) : 0;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  const s: Stream = { reader, res, lastSent: lastId, held: lastId > 0 ? [] : null };
  streams.add(s);
  const unsubscribe = subscribe({
    deliver: (e) =>
      void deliver(s, e).catch((error: unknown) => logger.warn('chat push failed', { error })),
    resync: () => void catchUp(s).catch(() => res.destroy()),
  });
  ticker ??= setInterval(tick, HEARTBEAT_MS);
  if (!hearingEnds) {
    hearingEnds = true;
    onSessionEnd(sessionEnded);
  }
  res.once('close', () => {
    streams.delete(s);
    unsubscribe();
    if (streams.size === 0 && ticker) {
      clearInterval(ticker);
      ticker = null;
    }
    if (
      reader.side === 'staff' &&
      ![...streams].some((o) => o.reader.side === 'staff' && o.reader.staffId === reader.staffId)
    )
      markOffline(reader.staffId).catch(() => {});
  });
  write(s, 'retry: 2000\n\n');
  if (reader.side === 'staff') await markOnline([reader.staffId]);
  // The buyer's page keeps unsent messages per member (client/chatOutbox.ts) under this key.
  const hello =
    reader.side === 'buyer'
      ? {
          unread: await buyerUnread(reader.companyId),
          member: `${reader.accountId}-${reader.companyId}`,
        }
      : {};
  write(s, `event: hello\ndata: ${JSON.stringify(hello)}\n\n`);
  if (lastId > 0) await catchUp(s);
}

/** Serves a chat stream request; false for any other request. */
export function chatStream(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' || !req.url) return false;
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  if (path !== BUYER_STREAM && path !== STAFF_STREAM) return false;
  if (closing) {
    refuse(res, 503, '系统维护中，请稍后再试');
    return true;
  }
  const url = new URL(req.url, 'http://shop.local');
  open(req, res, url, path === STAFF_STREAM).catch((error: unknown) => {
    logger.error('chat stream failed', { error });
    if (!res.headersSent) refuse(res, 503, '系统繁忙，请稍后再试');
    else res.destroy();
  });
  return true;
}

/** Ends every stream (graceful shutdown): clients reconnect to another process with their last id. */
export function closeChatStreams(): void {
  closing = true;
  for (const s of streams) s.res.end();
}

// Fan-out of chat events to the streams this process holds. On PostgreSQL every process LISTENs
// on one channel (db/notifications.ts) and a writer NOTIFYs it after its commit, so a message accepted by one process
// reaches streams on all of them (no sticky sessions). On the embedded database there is one
// process: events go straight to its streams.
import { sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { onNotification } from '#/server/db/notifications.ts';
import { config } from '#/server/config.ts';
import { logger } from '#/server/log.ts';
import type { ChatMessage } from '#/lib/chat.ts';

const CHANNEL = 'yaopi_chat';
/** NOTIFY payloads stop at 8000 bytes: a larger event travels without its message. */
const PAYLOAD_MAX = 7800;

export interface ChatEvent {
  type: 'message' | 'conversation' | 'read';
  conversation_id: number;
  company_id: number;
  /** who answers the conversation now; null while it waits */
  staff_id: number | null;
  /** a transfer: who answered it before */
  previous_staff_id?: number | null;
  message?: ChatMessage;
  /** a message too large for a notification: subscribers load it by id */
  message_id?: number;
  /** read: which side read up to which message */
  side?: 'buyer' | 'staff';
  read_id?: number;
}

export interface Subscriber {
  deliver(event: ChatEvent): void;
  /** the listener lost its connection: notifications may have been missed */
  resync(): void;
}

const subscribers = new Set<Subscriber>();
let unlisten: (() => void) | null = null;

function dispatch(event: ChatEvent): void {
  for (const s of subscribers) s.deliver(event);
}

export function subscribe(s: Subscriber): () => void {
  subscribers.add(s);
  unlisten ??= onNotification(CHANNEL, {
    notify(payload) {
      try {
        dispatch(JSON.parse(payload) as ChatEvent);
      } catch (error) {
        logger.warn('chat notification unreadable', { error });
      }
    },
    resync() {
      for (const sub of subscribers) sub.resync();
    },
  });
  return () => void subscribers.delete(s);
}

/** Sends events to every process's streams; call after the transaction that stored them. */
export async function announce(events: readonly ChatEvent[]): Promise<void> {
  const db = config.databaseUrl ? await getDb() : null;
  for (const event of events) {
    if (!config.databaseUrl) {
      dispatch(event);
      continue;
    }
    let payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > PAYLOAD_MAX && event.message) {
      const { message, ...rest } = event;
      payload = JSON.stringify({ ...rest, message_id: message.id });
    }
    await db!.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
  }
}

/** Stops delivering (graceful shutdown); the listening connection closes with the others. */
export function stopHub(): void {
  subscribers.clear();
  unlisten?.();
  unlisten = null;
}

// PostgreSQL notifications for this process: one LISTEN connection shared by every channel (chat
// events, catalogue changes), opened when the first handler subscribes and reopened when it drops.
// A handler is told to resync after a reconnect, since notifications sent meanwhile are lost. On
// the embedded database there is no other process to hear from: nothing is opened.
import type pg from 'pg';
import { config } from '#/server/config.ts';
import { logger } from '#/server/log.ts';

export interface NotificationHandler {
  notify(payload: string): void;
  /** the connection was lost and is back: notifications may have been missed */
  resync(): void;
}

const handlers = new Map<string, Set<NotificationHandler>>();
let listener: Promise<pg.Client | null> | null = null;
let stopped = false;

async function connect(): Promise<pg.Client | null> {
  const { default: pgModule } = await import('pg');
  const client = new pgModule.Client({ connectionString: config.databaseUrl });
  client.on('notification', (n) => {
    for (const h of handlers.get(n.channel) ?? []) h.notify(n.payload ?? '');
  });
  const reconnect = () => {
    if (stopped) return;
    listener = null;
    setTimeout(() => {
      if (stopped || handlers.size === 0) return;
      void ensureListener().then(() => {
        for (const set of handlers.values()) for (const h of set) h.resync();
      });
    }, 1000).unref();
  };
  client.on('error', (error) => {
    logger.warn('notification listener lost its connection', { reason: error.message });
    client.end().catch(() => {});
  });
  client.on('end', reconnect);
  try {
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
    return client;
  } catch (error) {
    logger.warn('notification listener could not connect', { error });
    client.removeAllListeners('end');
    client.end().catch(() => {});
    reconnect();
    return null;
  }
}

function ensureListener(): Promise<pg.Client | null> {
  if (!config.databaseUrl || stopped) return Promise.resolve(null);
  listener ??= connect();
  return listener;
}

/** Calls `handler` for every notification on `channel` (PostgreSQL only); answers the unsubscribe. */
export function onNotification(channel: string, handler: NotificationHandler): () => void {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  const isNew = !handlers.has(channel);
  const set = handlers.get(channel) ?? new Set();
  handlers.set(channel, set.add(handler));
  if (isNew && listener)
    void listener.then((client) => client?.query(`LISTEN ${channel}`)).catch(() => {});
  void ensureListener();
  return () => {
    set.delete(handler);
    if (set.size === 0) handlers.delete(channel);
  };
}

/** Stops listening (graceful shutdown). */
export async function stopNotifications(): Promise<void> {
  stopped = true;
  handlers.clear();
  const client = await listener?.catch(() => null);
  if (client) {
    client.removeAllListeners('end');
    await client.end().catch(() => {});
  }
}

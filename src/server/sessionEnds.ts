// A session that ends (logout, password change or reset, store switch, staff disabled) also ends
// what it holds open: the chat streams, which read the session once, when they open. Every process
// hears of it: on PostgreSQL through NOTIFY (the session caches of the other processes drop the
// token too), on the embedded database there is only this one.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { config } from './config.ts';
import { getDb } from './db/client.ts';
import { onNotification } from './db/notifications.ts';
import { logger } from './log.ts';

const CHANNEL = 'yaopi_session_end';

/** Which sessions ended: one by its token's hash, or all of a login. */
export type SessionEnd =
  | { side: 'buyer'; tokenHash: string }
  | { side: 'buyer'; accountId: number }
  | { side: 'staff'; tokenHash: string }
  | { side: 'staff'; staffId: number };

/** Sessions are stored and announced by this hash, never by the token itself. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const listeners: ((end: SessionEnd) => void)[] = [];

function dispatch(end: SessionEnd): void {
  for (const fn of listeners) fn(end);
}

/** Calls `fn` for every session that ends from now on, on any process; for the process's life. */
export function onSessionEnd(fn: (end: SessionEnd) => void): void {
  listeners.push(fn);
  if (listeners.length > 1) return;
  onNotification(CHANNEL, {
    notify(payload) {
      try {
        dispatch(JSON.parse(payload) as SessionEnd);
      } catch (error) {
        logger.warn('session end notification unreadable', { error });
      }
    },
    // Ends announced while the listener was down are lost: such a stream stays open until its
    // next reconnect (which reads the session again); cached sessions expire by themselves.
    resync() {},
  });
}

/** Tells every process; call once the sessions are gone from the database. */
export async function announceSessionEnd(end: SessionEnd): Promise<void> {
  if (!config.databaseUrl) return dispatch(end);
  try {
    const db = await getDb();
    await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(end)})`);
  } catch (error) {
    // The sessions are deleted already: a stream left open ends at its next reconnect.
    logger.warn('session end not announced', { error });
  }
}

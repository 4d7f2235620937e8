// Deleting rows that only ever grow and no longer mean anything: ended sessions, login failures
// past the throttle window, rate-limit windows older than a day, spent SMS codes; and completing
// orders shipped long enough ago. Every app process runs it on its own timer; each step is
// idempotent, so two processes running them at once only do the same (cheap) work twice and
// never disagree.
import { lt, or } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { loginFailures, rateLimits, sessions, smsCodes } from './db/schema/index.ts';
import { SESSION_IDLE_MS } from './sessions.ts';
import { LOGIN_WINDOW_MS } from './auth/throttle.ts';
import { retryProviderRefunds } from './payments/refunds.ts';
import { logger } from './log.ts';
import { completeLongShipped } from './orders/complete.ts';

export const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 3600 * 1000;

export interface Purged {
  sessions: number;
  loginFailures: number;
  rateLimits: number;
  smsCodes: number;
}

export async function purgeStaleRows(now = new Date()): Promise<Purged> {
  const db = await getDb();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const n = (rows: unknown[]) => rows.length;
  return {
    sessions: n(
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, ago(SESSION_IDLE_MS))))
        .returning({ k: sessions.tokenHash }),
    ),
    loginFailures: n(
      await db
        .delete(loginFailures)
        .where(lt(loginFailures.at, ago(LOGIN_WINDOW_MS)))
        .returning({ id: loginFailures.id }),
    ),
    // The longest rate-limit window in use is an hour; a day leaves a wide margin.
    rateLimits: n(
      await db
        .delete(rateLimits)
        .where(lt(rateLimits.windowStart, ago(DAY_MS)))
        .returning({ k: rateLimits.key }),
    ),
    smsCodes: n(
      await db
        .delete(smsCodes)
        .where(lt(smsCodes.expiresAt, ago(DAY_MS)))
        .returning({ id: smsCodes.id }),
    ),
  };
}

/** Purges once now and then every HOUSEKEEPING_EVERY_MS; the timer never keeps the process alive. */
export function startHousekeeping(everyMs = HOUSEKEEPING_EVERY_MS): () => void {
  const run = () =>
    Promise.all([
      purgeStaleRows().then(
        (purged) => {
          if (Object.values(purged).some((v) => v > 0)) logger.info('housekeeping', { ...purged });
        },
        (error: unknown) => logger.error('housekeeping failed', { error }),
      ),
      completeLongShipped().then(
        (completed) => {
          if (completed > 0) logger.info('orders completed by themselves', { completed });
        },
        (error: unknown) => logger.error('auto-completing orders failed', { error }),
      ),
      // Online refunds a provider could not take last time are sent again.
      retryProviderRefunds().then(
        (retried) => {
          if (retried > 0) logger.info('online refunds retried', { retried });
        },
        (error: unknown) => logger.error('retrying online refunds failed', { error }),
      ),
    ]);
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

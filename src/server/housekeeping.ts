// Deleting rows that only ever grow and no longer mean anything: ended sessions, login failures
// past the throttle window, rate-limit windows older than a day, spent SMS codes, the catalogue's
// change log once every process has read it. A periodic job
// (jobs/catalogue.ts); each delete is idempotent, so a run repeated after a crash finds nothing.
import { lt, or, sql } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { rows } from './db/rows.ts';
import { LOG_RETENTION_MS } from './goodsSnapshots.ts';
import { loginFailures, rateLimits, sessions, smsCodes } from './db/schema/index.ts';
import { SESSION_IDLE_MS } from './sessions.ts';
import { LOGIN_WINDOW_MS } from './auth/throttle.ts';

const DAY_MS = 24 * 3600 * 1000;

export interface Purged {
  sessions: number;
  loginFailures: number;
  rateLimits: number;
  smsCodes: number;
  catalogChanges: number;
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
    catalogChanges: n(
      await rows(
        db,
        sql`DELETE FROM catalog_changes WHERE at < ${ago(LOG_RETENTION_MS)} RETURNING seq`,
      ),
    ),
  };
}

// Hooks for the test suites only: enabled by YAOPI_TEST_HOOKS=1, otherwise every hook is a 404.
import { eq, sql } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { sessions } from './db/schema/index.ts';
import { notFound } from './http/errors.ts';
import { createHash } from 'node:crypto';
import { forgetCachedSessions } from './sessions.ts';

export function assertTestHooks(): void {
  if (process.env['YAOPI_TEST_HOOKS'] !== '1') throw notFound('页面不存在');
}

/** Moves a session back in time, to test idle and absolute expiry without waiting. */
export async function ageSession(token: string, idleSeconds: number, ageSeconds: number): Promise<void> {
  assertTestHooks();
  const db = await getDb();
  const tokenHash = createHash('sha256').update(token).digest('hex');
  await db.update(sessions).set({
    lastSeenAt: sql`now() - make_interval(secs => ${idleSeconds})`,
    createdAt: sql`now() - make_interval(secs => ${ageSeconds})`,
    expiresAt: sql`${sessions.expiresAt} - make_interval(secs => ${ageSeconds})`,
  }).where(eq(sessions.tokenHash, tokenHash));
  forgetCachedSessions({ token });
}

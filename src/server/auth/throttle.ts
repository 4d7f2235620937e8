import { and, count, eq, gt, inArray, lt, or } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { accounts, loginFailures } from '#/server/db/schema/index.ts';
import { rateLimited } from '#/server/errors.ts';

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_THROTTLED_MESSAGE = '登录失败次数过多，请15分钟后再试';

/**
 * The counters a login attempt is charged to: the account and the client IP. A known account is
 * keyed by its id, so its username and its phone share one counter; an unknown one by the text typed.
 */
export function loginThrottleKeys(
  account: number | string,
  ip: string | null,
  door: 'member' | 'staff' = 'member',
): string[] {
  // Staff ids and member ids overlap: the back office counts on keys of its own.
  const p = door === 'staff' ? 'staff-' : '';
  const keys = [
    typeof account === 'number'
      ? `${p}acct:#${account}`
      : `${p}acct:${account.trim().toLowerCase()}`,
  ];
  if (ip) keys.push(`${p}ip:${ip}`);
  return keys;
}

export async function accountIdFor(identifier: string): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(or(eq(accounts.username, identifier), eq(accounts.phone, identifier)))
    .limit(1);
  return row?.id ?? null;
}

/** True once a key has reached the limit inside the window. */
export function isThrottled(failuresInWindow: number): boolean {
  return failuresInWindow >= LOGIN_MAX_FAILURES;
}

/**
 * Charges this attempt to every key before the password is checked, then counts what each key has
 * in the window: a burst of concurrent guesses (several processes included) cannot all be counted
 * as under the limit, because each one's own row is already in its count. A throttled attempt
 * takes its charge back, so hammering does not extend the lock. Returns the rows charged.
 */
export async function chargeLoginAttempt(keys: string[], now = new Date()): Promise<number[]> {
  const db = await getDb();
  const charged = await db
    .insert(loginFailures)
    .values(keys.map((key) => ({ key })))
    .returning({ id: loginFailures.id });
  const ids = charged.map((r) => r.id);
  const rows = await db
    .select({ key: loginFailures.key, n: count() })
    .from(loginFailures)
    .where(
      and(
        inArray(loginFailures.key, keys),
        gt(loginFailures.at, new Date(now.getTime() - LOGIN_WINDOW_MS)),
      ),
    )
    .groupBy(loginFailures.key);
  // Its own row is counted: the attempt after LOGIN_MAX_FAILURES failures is the one refused.
  if (rows.some((r) => isThrottled(Number(r.n) - 1))) {
    await db.delete(loginFailures).where(inArray(loginFailures.id, ids));
    throw rateLimited(LOGIN_THROTTLED_MESSAGE);
  }
  // Old rows are worthless; trimming here keeps the table small without a scheduler.
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(now.getTime() - LOGIN_WINDOW_MS)));
  return ids;
}

/**
 * A successful login: its own charge is taken back and the account's counter cleared (the IP's
 * earlier failures stay: it may be guessing many accounts).
 */
export async function clearAfterLogin(keys: string[], charged: number[]): Promise<void> {
  const db = await getDb();
  if (charged.length) await db.delete(loginFailures).where(inArray(loginFailures.id, charged));
  const account = keys.find((k) => /^(staff-)?acct:/.test(k));
  if (account) await db.delete(loginFailures).where(eq(loginFailures.key, account));
}

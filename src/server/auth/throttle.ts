import { and, count, eq, gt, inArray, lt, or } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { accounts, loginFailures } from '../db/schema/index.ts';
import { tooManyRequests } from '../http/errors.ts';

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_THROTTLED_MESSAGE = '登录失败次数过多，请15分钟后再试';

/**
 * The counters a login attempt is charged to: the account and the client IP. A known account is
 * keyed by its id, so its username and its phone share one counter; an unknown one by the text typed.
 */
export function loginThrottleKeys(account: number | string, ip: string | null): string[] {
  const keys = [typeof account === 'number' ? `acct:#${account}` : `acct:${account.trim().toLowerCase()}`];
  if (ip) keys.push(`ip:${ip}`);
  return keys;
}

export async function accountIdFor(identifier: string): Promise<number | null> {
  const db = await getDb();
  const [row] = await db.select({ id: accounts.id }).from(accounts)
    .where(or(eq(accounts.username, identifier), eq(accounts.phone, identifier))).limit(1);
  return row?.id ?? null;
}

/** True once a key has reached the limit inside the window. */
export function isThrottled(failuresInWindow: number): boolean {
  return failuresInWindow >= LOGIN_MAX_FAILURES;
}

export async function assertLoginAllowed(keys: string[], now = new Date()): Promise<void> {
  const db = await getDb();
  const rows = await db.select({ key: loginFailures.key, n: count() }).from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.at, new Date(now.getTime() - LOGIN_WINDOW_MS))))
    .groupBy(loginFailures.key);
  if (rows.some((r) => isThrottled(Number(r.n)))) throw tooManyRequests(LOGIN_THROTTLED_MESSAGE);
}

export async function recordLoginFailure(keys: string[]): Promise<void> {
  const db = await getDb();
  await db.insert(loginFailures).values(keys.map((key) => ({ key })));
  // Old rows are worthless; trimming here keeps the table small without a scheduler.
  await db.delete(loginFailures).where(lt(loginFailures.at, new Date(Date.now() - LOGIN_WINDOW_MS)));
}

/** A successful login clears the account's counter (the IP's stays: it may be guessing many accounts). */
export async function clearAccountFailures(keys: string[]): Promise<void> {
  const account = keys.find((k) => k.startsWith('acct:'));
  if (!account) return;
  const db = await getDb();
  await db.delete(loginFailures).where(eq(loginFailures.key, account));
}

// Failed logins, counted in the database (shared by every process) on three counters, so that
// nobody can lock a buyer out and a shared office network does not lock everyone:
// - the account with the IP it is tried from: locked after PAIR_MAX_FAILURES, for that IP only;
// - the IP across all accounts: locked after IP_MAX_FAILURES (an office of many people fits);
// - the account from anywhere: never locked, but after CAPTCHA_AFTER_FAILURES every attempt needs
//   the captcha answered, which slows a guesser spread over many addresses to a human's pace.
import { and, count, eq, gt, inArray, lt, or } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { accounts, loginFailures } from '#/server/db/schema/index.ts';
import { DomainError, invalid, rateLimited } from '#/server/errors.ts';

export const PAIR_MAX_FAILURES = 10;
export const IP_MAX_FAILURES = 50;
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_THROTTLED_MESSAGE = '登录失败次数过多，请15分钟后再试';

export interface LoginKeys {
  account: string;
  pair: string | null;
  ip: string | null;
}

/**
 * The counters a login attempt is charged to. A known account is keyed by its id, so its username
 * and its phone share one counter; an unknown one by the text typed.
 */
export function loginThrottleKeys(
  account: number | string,
  ip: string | null,
  door: 'member' | 'staff' = 'member',
): LoginKeys {
  // Staff ids and member ids overlap: the back office counts on keys of its own.
  const p = door === 'staff' ? 'staff-' : '';
  const id = typeof account === 'number' ? `#${account}` : account.trim().toLowerCase();
  return {
    account: `${p}acct:${id}`,
    pair: ip ? `${p}acct:${id}@${ip}` : null,
    ip: ip ? `${p}ip:${ip}` : null,
  };
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

/** This attempt's rows and what each counter held before it. */
export interface LoginCharge {
  keys: LoginKeys;
  ids: number[];
  accountFailures: number;
  pairFailures: number;
  ipFailures: number;
}

/** Whether counts that include this attempt lock it out. */
export const isLockedOut = (c: Pick<LoginCharge, 'pairFailures' | 'ipFailures'>) =>
  c.pairFailures >= PAIR_MAX_FAILURES || c.ipFailures >= IP_MAX_FAILURES;

/** Whether this attempt must come with the captcha answered. */
export const needsCaptcha = (c: Pick<LoginCharge, 'accountFailures'>) =>
  c.accountFailures >= CAPTCHA_AFTER_FAILURES;

const keyList = (k: LoginKeys) => [k.account, k.pair, k.ip].filter((x): x is string => x !== null);

/**
 * Charges this attempt to every counter before the password is checked, then counts what each
 * holds in the window: a burst of concurrent guesses (several processes included) cannot all be
 * counted as under a limit, because each one's own row is already in its count. A refused attempt
 * takes its charge back, so hammering does not extend the lock.
 */
export async function chargeLoginAttempt(keys: LoginKeys, now = new Date()): Promise<LoginCharge> {
  const db = await getDb();
  const list = keyList(keys);
  const charged = await db
    .insert(loginFailures)
    .values(list.map((key) => ({ key })))
    .returning({ id: loginFailures.id });
  const rows = await db
    .select({ key: loginFailures.key, n: count() })
    .from(loginFailures)
    .where(
      and(
        inArray(loginFailures.key, list),
        gt(loginFailures.at, new Date(now.getTime() - LOGIN_WINDOW_MS)),
      ),
    )
    .groupBy(loginFailures.key);
  // Each count includes this attempt's own row.
  const before = (key: string | null) =>
    Math.max(0, Number(rows.find((r) => r.key === key)?.n ?? 1) - 1);
  const charge: LoginCharge = {
    keys,
    ids: charged.map((r) => r.id),
    accountFailures: before(keys.account),
    pairFailures: before(keys.pair),
    ipFailures: before(keys.ip),
  };
  if (isLockedOut(charge)) {
    await takeBackCharge(charge);
    throw rateLimited(LOGIN_THROTTLED_MESSAGE);
  }
  // Old rows are worthless; trimming here keeps the table small without a scheduler.
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(now.getTime() - LOGIN_WINDOW_MS)));
  return charge;
}

/** An attempt refused before its password was checked does not count as a failure. */
export async function takeBackCharge(charge: LoginCharge): Promise<void> {
  if (!charge.ids.length) return;
  const db = await getDb();
  await db.delete(loginFailures).where(inArray(loginFailures.id, charge.ids));
}

const CAPTCHA_MISSING = '请输入图中的验证码';

/** The refusal of an attempt that needed the captcha and did not answer it right. */
export const captchaRefusal = (answered: boolean) =>
  invalid('captcha', answered ? '验证码不正确，请重新输入' : CAPTCHA_MISSING);

/**
 * A wrong password: says how many attempts this IP has left for the account, and asks for the
 * captcha (field `captcha`) when the next attempt will need it.
 */
export function loginFailure(charge: LoginCharge, message: string): DomainError {
  const left = PAIR_MAX_FAILURES - (charge.pairFailures + 1);
  const text = charge.keys.pair ? `${message}，还可尝试${left}次` : message;
  const next = { accountFailures: charge.accountFailures + 1 };
  return new DomainError(
    'LOGIN_FAILED',
    text,
    needsCaptcha(next) ? { captcha: [CAPTCHA_MISSING] } : undefined,
  );
}

/**
 * A successful login: its own charge is taken back and the account's counters cleared (the IP's
 * earlier failures stay: it may be guessing many accounts).
 */
export async function clearAfterLogin(charge: LoginCharge): Promise<void> {
  await takeBackCharge(charge);
  const db = await getDb();
  const own = [charge.keys.account, charge.keys.pair].filter((x): x is string => x !== null);
  await db.delete(loginFailures).where(inArray(loginFailures.key, own));
}

// Failed logins, counted in the database (shared by every process) on three counters, so that
// nobody can lock a buyer out and a shared office network does not lock everyone:
// - the account with the IP it is tried from: locked after PAIR_MAX_FAILURES, for that IP only;
// - the IP across all accounts: locked after IP_MAX_FAILURES (an office of many people fits);
// - the account from anywhere: never locked, but after CAPTCHA_AFTER_FAILURES every attempt needs
//   the captcha answered, which slows a guesser spread over many addresses to a human's pace.
// An attempt is charged before its password is checked (as `pending:<key>`), so a burst of
// parallel guesses counts against the locks at once; only a wrong password settles it into a
// failure, so parallel correct logins of one account (a chain's tills at opening time) never ask
// for the captcha.
import { and, count, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
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

/** This attempt's rows and what each counter held before it: failures, and attempts in flight. */
export interface LoginCharge {
  keys: LoginKeys;
  ids: number[];
  accountFailures: number;
  accountInFlight: number;
  pairFailures: number;
  ipFailures: number;
}

/** Whether counts that include this attempt lock it out (attempts in flight count as failures). */
export const isLockedOut = (c: Pick<LoginCharge, 'pairFailures' | 'ipFailures'>) =>
  c.pairFailures >= PAIR_MAX_FAILURES || c.ipFailures >= IP_MAX_FAILURES;

/**
 * Whether this attempt must come with the captcha answered: after the account's third failure, or
 * while more guesses for it are in flight than one address may ever make.
 */
export const needsCaptcha = (
  c: Pick<LoginCharge, 'accountFailures'> & { accountInFlight?: number },
) => c.accountFailures >= CAPTCHA_AFTER_FAILURES || (c.accountInFlight ?? 0) >= PAIR_MAX_FAILURES;

const PENDING = 'pending:';

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
    .values(list.map((key) => ({ key: PENDING + key })))
    .returning({ id: loginFailures.id });
  const rows = await db
    .select({ key: loginFailures.key, n: count() })
    .from(loginFailures)
    .where(
      and(
        inArray(loginFailures.key, [...list, ...list.map((k) => PENDING + k)]),
        gt(loginFailures.at, new Date(now.getTime() - LOGIN_WINDOW_MS)),
      ),
    )
    .groupBy(loginFailures.key);
  const failures = (key: string | null) => Number(rows.find((r) => r.key === key)?.n ?? 0);
  // The pending counts include this attempt's own row.
  const inFlight = (key: string | null) =>
    key === null ? 0 : Math.max(0, failures(PENDING + key) - 1);
  const charge: LoginCharge = {
    keys,
    ids: charged.map((r) => r.id),
    accountFailures: failures(keys.account),
    accountInFlight: inFlight(keys.account),
    pairFailures: failures(keys.pair) + inFlight(keys.pair),
    ipFailures: failures(keys.ip) + inFlight(keys.ip),
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

/** A wrong password: this attempt's charge becomes a failure on each of its counters. */
export async function settleFailure(charge: LoginCharge): Promise<void> {
  if (!charge.ids.length) return;
  const db = await getDb();
  await db
    .update(loginFailures)
    .set({ key: sql`substr(${loginFailures.key}, ${PENDING.length + 1})` })
    .where(inArray(loginFailures.id, charge.ids));
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
  const left = Math.max(0, PAIR_MAX_FAILURES - (charge.pairFailures + 1));
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

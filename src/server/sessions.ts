import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { accounts, companies, sessions } from './db/schema/index.ts';
import { config } from './config.ts';
import { invalidate, registerCache, tag } from './cache.ts';
import { announceSessionEnd, hashToken, onSessionEnd } from './sessionEnds.ts';

export const SESSION_COOKIE = 'yaopi_session';
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

export interface SessionUser {
  accountId: number;
  companyId: number;
  username: string;
  companyName: string;
  isPassed: boolean;
  isOperator: boolean;
}

/** A new random token every login and password change; only its hash is stored. */
export async function createSession(
  accountId: number,
  companyId: number,
): Promise<{ token: string; expiresAt: Date }> {
  const db = await getDb();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), accountId, companyId, expiresAt });
  return { token, expiresAt };
}

/**
 * Session lookups are cached in this process for SESSION_CACHE_MS: every member page and API
 * call reads the session, and on PGlite (one connection) that lookup queues behind everything
 * else. Logout and store switch evict their token's entry at once, and every change to a login or
 * store (password, approval, operator rights) its entries through cache.invalidate. An ended
 * session is announced to the other processes too (sessionEnds.ts), which drop it; other changes
 * show there once their cached entry expires, up to SESSION_CACHE_MS later (see README, "Scaling
 * out"). SESSION_CACHE_MS=0 (env) turns it off.
 */
export const SESSION_CACHE_MS = config.sessionCacheMs;
const SESSION_CACHE_MAX = 5_000;

interface CachedSession {
  /** cached until then (never past the session's own expiry); Infinity while the lookup runs */
  until: number;
  lookup: Promise<SessionUser | null>;
  /** the found session once the lookup has finished */
  user?: SessionUser;
}
const cache = new Map<string, CachedSession>();

registerCache({
  name: 'sessions',
  dropTagged(tags) {
    const touched = (user: SessionUser) =>
      tags.has(tag.account(user.accountId)) || tags.has(tag.company(user.companyId));
    // A lookup still in flight may have read the old row: a change to any member drops it too.
    const anyMember = tags.has(tag.anyCompany) || [...tags].some((t) => t.startsWith('account:'));
    for (const [key, entry] of cache)
      if (entry.user ? touched(entry.user) : anyMember) cache.delete(key);
  },
  clear: () => cache.clear(),
});

const forgetToken = (token: string) => void cache.delete(hashToken(token));

// Another process ended a session: its cached entry here must not keep it alive.
let hearing = false;
function hearSessionEnds(): void {
  if (hearing) return;
  hearing = true;
  onSessionEnd((end) => {
    if (end.side !== 'buyer') return;
    if ('tokenHash' in end) cache.delete(end.tokenHash);
    else
      for (const [key, entry] of cache)
        if (entry.user?.accountId === end.accountId) cache.delete(key);
  });
}

export async function readSession(token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const user = await cachedLookup(hashToken(token));
  // A copy per request: locals.user of one request must not be shared with another.
  return user && { ...user };
}

function cachedLookup(tokenHash: string): Promise<SessionUser | null> {
  if (SESSION_CACHE_MS === 0) return lookup(tokenHash).then((found) => found && strip(found));
  hearSessionEnds();
  const hit = cache.get(tokenHash);
  if (hit && Date.now() < hit.until) return hit.lookup;
  if (hit) cache.delete(tokenHash);
  if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value!); // the oldest
  const entry: CachedSession = {
    until: Infinity,
    lookup: lookup(tokenHash).then((found) => {
      const user = found && strip(found);
      if (cache.get(tokenHash) !== entry) return user;
      // Only found sessions are kept; an unknown token asks the database again next time.
      if (!found || !user) cache.delete(tokenHash);
      else {
        entry.user = user;
        entry.until = Math.min(Date.now() + SESSION_CACHE_MS, found.validUntil);
      }
      return user;
    }),
  };
  cache.set(tokenHash, entry);
  entry.lookup.catch(() => {
    if (cache.get(tokenHash) === entry) cache.delete(tokenHash);
  });
  return entry.lookup;
}

function strip(user: SessionUser & { validUntil: number }): SessionUser {
  const { validUntil: _until, ...rest } = user;
  return rest;
}

async function lookup(tokenHash: string): Promise<(SessionUser & { validUntil: number }) | null> {
  const db = await getDb();
  const now = new Date();
  const [row] = await db
    .select({
      accountId: sessions.accountId,
      companyId: sessions.companyId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      username: accounts.username,
      isOperator: accounts.isOperator,
      companyName: companies.name,
      isPassed: companies.isPassed,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .limit(1);
  if (!row) return null;
  let lastSeen = row.lastSeenAt.getTime();
  if (now.getTime() - lastSeen > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
    lastSeen = now.getTime();
  }
  const { lastSeenAt: _seen, expiresAt, ...user } = row;
  return { ...user, validUntil: Math.min(expiresAt.getTime(), lastSeen + SESSION_IDLE_MS) };
}

export async function switchSessionCompany(token: string, companyId: number): Promise<void> {
  const db = await getDb();
  await db
    .update(sessions)
    .set({ companyId })
    .where(eq(sessions.tokenHash, hashToken(token)));
  forgetToken(token);
  // The store's chat stream belongs to the store left behind.
  await announceSessionEnd({ side: 'buyer', tokenHash: hashToken(token) });
}

export async function destroySession(token: string): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  forgetToken(token);
  await announceSessionEnd({ side: 'buyer', tokenHash: hashToken(token) });
}

/** Ends every session of an account (password change), optionally keeping none. */
export async function destroyAccountSessions(accountId: number): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
  invalidate({ account: accountId });
  await announceSessionEnd({ side: 'buyer', accountId });
}

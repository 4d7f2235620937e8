import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { accounts, companies, sessions } from './db/schema/index.ts';

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

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new random token every login and password change; only its hash is stored. */
export async function createSession(accountId: number, companyId: number): Promise<{ token: string; expiresAt: Date }> {
  const db = await getDb();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), accountId, companyId, expiresAt });
  return { token, expiresAt };
}

export async function readSession(token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const db = await getDb();
  const now = new Date();
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      accountId: sessions.accountId,
      companyId: sessions.companyId,
      lastSeenAt: sessions.lastSeenAt,
      username: accounts.username,
      isOperator: accounts.isOperator,
      companyName: companies.name,
      isPassed: companies.isPassed,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  const { lastSeenAt: _seen, ...user } = row;
  return user;
}

export async function switchSessionCompany(token: string, companyId: number): Promise<void> {
  const db = await getDb();
  await db.update(sessions).set({ companyId }).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function destroySession(token: string): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of an account (password change), optionally keeping none. */
export async function destroyAccountSessions(accountId: number): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
}

export async function purgeExpiredSessions(): Promise<void> {
  const db = await getDb();
  const now = new Date();
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
}

// Staff sessions: their own cookie and table, never a buyer's session. Read fresh on every request
// (staff are few): disabling a staff member or changing roles takes effect at once, everywhere.
import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { staff, staffSessions } from '#/server/db/schema/index.ts';
import type { StaffRole } from '#/lib/staffRoles.ts';
import { announceSessionEnd, hashToken } from '#/server/sessionEnds.ts';

export const STAFF_COOKIE = 'yaopi_staff';
export const STAFF_SESSION_IDLE_MS = 8 * 3600 * 1000;
export const STAFF_SESSION_ABSOLUTE_MS = 3 * 24 * 3600 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

export interface StaffUser {
  id: number;
  login: string;
  name: string;
  roles: StaffRole[];
  mustChangePassword: boolean;
}

export async function createStaffSession(
  staffId: number,
): Promise<{ token: string; expiresAt: Date }> {
  const db = await getDb();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + STAFF_SESSION_ABSOLUTE_MS);
  await db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId, expiresAt });
  return { token, expiresAt };
}

export async function readStaffSession(token: string | undefined): Promise<StaffUser | null> {
  if (!token || token.length > 100 || !/^[\w-]+$/.test(token)) return null;
  const db = await getDb();
  const now = new Date();
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      id: staff.id,
      login: staff.login,
      name: staff.name,
      roles: staff.roles,
      mustChangePassword: staff.mustChangePassword,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        eq(staff.disabled, false),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_SESSION_IDLE_MS)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS)
    await db
      .update(staffSessions)
      .set({ lastSeenAt: now })
      .where(eq(staffSessions.tokenHash, tokenHash));
  const { lastSeenAt: _seen, ...user } = row;
  return { ...user, roles: user.roles as StaffRole[] };
}

export async function destroyStaffSession(token: string): Promise<void> {
  const db = await getDb();
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
  await announceSessionEnd({ side: 'staff', tokenHash: hashToken(token) });
}

/** Ends every session of a staff member (disabled, password reset or changed); the caller
 * announces it (sessionEnds.ts) once its transaction has committed. */
export async function endStaffSessions(q: Tx, staffId: number): Promise<void> {
  await q.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

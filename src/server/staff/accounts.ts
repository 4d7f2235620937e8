// Staff logins: the first admin from the command line (scripts/staff.mjs), the others added,
// re-roled, disabled and given new one-time passwords by an admin; everyone changes their own.
import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { staff } from '#/server/db/schema/index.ts';
import { conflict, invalid, notFound } from '#/server/errors.ts';
import { hashPassword, UNKNOWN_ACCOUNT_HASH, verifyPassword } from '#/server/auth/password.ts';
import type { StaffRole } from '#/lib/staffRoles.ts';
import { recordAudit, type StaffActor } from './audit.ts';
import { announceSessionEnd } from '#/server/sessionEnds.ts';
import { endStaffSessions } from './sessions.ts';

export type StaffRow = typeof staff.$inferSelect;

/** What the audit log keeps of a staff member: never the password hash. */
const auditable = (s: StaffRow) => ({
  login: s.login,
  name: s.name,
  roles: s.roles,
  disabled: s.disabled,
});

// Letters and digits without look-alikes (0/O, 1/l/I): read off a screen and typed once.
const OTP_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function oneTimePassword(length = 12): string {
  const bytes = randomBytes(length);
  return [...bytes].map((b) => OTP_ALPHABET[b % OTP_ALPHABET.length]).join('');
}

async function byLogin(q: Db | Tx, login: string): Promise<StaffRow | undefined> {
  const [row] = await q
    .select()
    .from(staff)
    .where(sql`lower(${staff.login}) = lower(${login})`)
    .limit(1);
  return row;
}

export async function staffById(q: Db | Tx, id: number, lock = false): Promise<StaffRow> {
  const query = q.select().from(staff).where(eq(staff.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('员工不存在');
  return row;
}

/**
 * Adds a staff member with a one-time password (changed at first login). `actor` is null when
 * the command line adds the first admin; the audit row then names the command.
 */
export async function addStaff(
  input: { login: string; name: string; roles: StaffRole[] },
  actor: StaffActor | null,
  q?: Db,
): Promise<{ staff: StaffRow; password: string }> {
  const db = q ?? (await getDb());
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    if (await byLogin(tx, input.login)) throw invalid('login', '该登录名已被使用');
    const [row] = await tx
      .insert(staff)
      .values({ ...input, passwordHash, mustChangePassword: true })
      .returning();
    await recordAudit(tx, actor ?? { id: row!.id, login: 'cli', role: 'admin', ip: '' }, {
      action: 'staff.add',
      entity: 'staff',
      entityId: row!.id,
      after: auditable(row!),
    });
    return { staff: row!, password };
  });
}

/** An admin changes a staff member's name, roles or whether they may log in. */
export async function updateStaff(
  id: number,
  change: {
    name?: string | undefined;
    roles?: StaffRole[] | undefined;
    disabled?: boolean | undefined;
  },
  actor: StaffActor,
): Promise<StaffRow> {
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const before = await staffById(tx, id, true);
    if (id === actor.id && (change.disabled || (change.roles && !change.roles.includes('admin'))))
      throw conflict('不能停用自己或取消自己的管理员角色');
    const [after] = await tx
      .update(staff)
      .set({
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.roles !== undefined ? { roles: change.roles } : {}),
        ...(change.disabled !== undefined ? { disabled: change.disabled } : {}),
      })
      .where(eq(staff.id, id))
      .returning();
    if (change.disabled) await endStaffSessions(tx, id);
    await recordAudit(tx, actor, {
      action: 'staff.update',
      entity: 'staff',
      entityId: id,
      before: auditable(before),
      after: auditable(after!),
    });
    return after!;
  });
  // Open desk streams were let in with the old roles: they reconnect and are checked again.
  if (change.disabled || change.roles !== undefined)
    await announceSessionEnd({ side: 'staff', staffId: id });
  return saved;
}

/** An admin gives a staff member a new one-time password; their sessions end. */
export async function resetStaffPassword(id: number, actor: StaffActor): Promise<string> {
  const db = await getDb();
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await staffById(tx, id, true);
    await tx
      .update(staff)
      .set({ passwordHash, mustChangePassword: true, passwordChangedAt: new Date() })
      .where(eq(staff.id, id));
    await endStaffSessions(tx, id);
    await recordAudit(tx, actor, { action: 'staff.reset_password', entity: 'staff', entityId: id });
  });
  await announceSessionEnd({ side: 'staff', staffId: id });
  return password;
}

/** A staff member's own new password, after the current one. Other sessions end. */
export async function changeOwnPassword(
  actor: StaffActor,
  current: string,
  next: string,
): Promise<void> {
  const db = await getDb();
  const me = await staffById(db, actor.id);
  if (!(await verifyPassword(current, me.passwordHash)))
    throw invalid('old_password', '当前密码不正确');
  if (current === next) throw invalid('password', '新密码不能与当前密码相同');
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ passwordHash, mustChangePassword: false, passwordChangedAt: new Date() })
      .where(eq(staff.id, actor.id));
    await endStaffSessions(tx, actor.id);
    await recordAudit(tx, actor, {
      action: 'staff.change_password',
      entity: 'staff',
      entityId: actor.id,
    });
  });
  await announceSessionEnd({ side: 'staff', staffId: actor.id });
}

/** The staff member whose login and password these are, if enabled. */
export async function checkStaffCredentials(
  login: string,
  password: string,
): Promise<StaffRow | null> {
  const db = await getDb();
  const row = await byLogin(db, login);
  // Verify against a fixed hash when the login is unknown so timing does not reveal it.
  const ok = await verifyPassword(password, row?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
  return row && ok && !row.disabled ? row : null;
}

export async function staffIdForLogin(login: string): Promise<number | null> {
  return (await byLogin(await getDb(), login))?.id ?? null;
}

export async function listStaff(): Promise<StaffRow[]> {
  const db = await getDb();
  return db.select().from(staff).orderBy(asc(staff.id));
}

// Who is at the desk: a staff member counts as online while one of their desk streams is open on
// any process. Each process refreshes the rows of the staff it holds streams for; a row not
// refreshed for PRESENCE_TTL_S (a process that died) no longer counts.
import { and, eq, gt, sql } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { chatPresence, staff } from '#/server/db/schema/index.ts';

export const PRESENCE_REFRESH_MS = 20_000;
const PRESENCE_TTL_S = 45;

export async function markOnline(staffIds: readonly number[]): Promise<void> {
  if (staffIds.length === 0) return;
  const db = await getDb();
  await db
    .insert(chatPresence)
    .values(staffIds.map((staffId) => ({ staffId })))
    .onConflictDoUpdate({ target: chatPresence.staffId, set: { seenAt: sql`now()` } });
}

export async function markOffline(staffId: number): Promise<void> {
  const db = await getDb();
  await db.delete(chatPresence).where(eq(chatPresence.staffId, staffId));
}

/** Enabled staff with the service role (admins too) whose desk is open, in id order. */
export async function onlineServiceStaff(q: Tx): Promise<number[]> {
  const rows = await q
    .select({ id: staff.id })
    .from(chatPresence)
    .innerJoin(staff, eq(staff.id, chatPresence.staffId))
    .where(
      and(
        gt(chatPresence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_TTL_S})`),
        eq(staff.disabled, false),
        sql`${staff.roles} && array['service','admin']::text[]`,
      ),
    )
    .orderBy(staff.id);
  return rows.map((r) => r.id);
}

/** Whether a staff member may answer chats (service or admin, enabled). */
export async function canAnswer(q: Tx, staffId: number): Promise<{ name: string } | null> {
  const [row] = await q
    .select({ name: staff.name })
    .from(staff)
    .where(
      and(
        eq(staff.id, staffId),
        eq(staff.disabled, false),
        sql`${staff.roles} && array['service','admin']::text[]`,
      ),
    )
    .limit(1);
  return row ?? null;
}

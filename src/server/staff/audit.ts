// The audit log (操作日志): one row per staff change, written with the change in its transaction.
// Append-only in the database itself (a trigger refuses UPDATE, DELETE and TRUNCATE).
import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { auditLog } from '#/server/db/schema/index.ts';
import type { StaffRole } from '#/lib/staffRoles.ts';

/** Who acts, as which role, from where: every staff write takes one. */
export interface StaffActor {
  id: number;
  login: string;
  role: StaffRole;
  ip: string;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(tx: Tx, actor: StaffActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: actor.id,
    staffLogin: actor.login,
    role: actor.role,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
  });
}

export interface AuditFilter {
  staffLogin?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** rows older than this id (paging backwards, newest first) */
  before?: number | undefined;
  limit: number;
}

export async function listAudit(f: AuditFilter) {
  const db = await getDb();
  const where: SQL[] = [];
  if (f.staffLogin) where.push(eq(auditLog.staffLogin, f.staffLogin));
  if (f.entity) where.push(eq(auditLog.entity, f.entity));
  if (f.entityId) where.push(eq(auditLog.entityId, f.entityId));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.from) where.push(gte(auditLog.at, f.from));
  if (f.to) where.push(lte(auditLog.at, f.to));
  if (f.before) where.push(lt(auditLog.id, f.before));
  return db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(f.limit);
}

// The back office's wire format for staff and audit rows.
import { auditActionLabel } from '#/lib/auditActions.ts';
import { shopIso } from '#/lib/shopClock.ts';
import { ROLE_LABEL, type StaffRole } from '#/lib/staffRoles.ts';
import type { auditLog } from '#/server/db/schema/index.ts';
import type { StaffRow } from './accounts.ts';
import type { StaffUser } from './sessions.ts';

const labels = (roles: readonly string[]) => roles.map((r) => ROLE_LABEL[r as StaffRole] ?? r);

export function presentStaff(s: StaffRow | StaffUser) {
  return {
    id: s.id,
    login: s.login,
    name: s.name,
    roles: s.roles as StaffRole[],
    role_labels: labels(s.roles),
    must_change_password: s.mustChangePassword,
    ...('disabled' in s ? { disabled: s.disabled, created_at: shopIso(s.createdAt) } : {}),
  };
}

export function presentAudit(r: typeof auditLog.$inferSelect) {
  return {
    id: r.id,
    at: shopIso(r.at),
    staff: r.staffLogin,
    role: r.role,
    role_label: ROLE_LABEL[r.role as StaffRole] ?? r.role,
    action: r.action,
    action_label: auditActionLabel(r.action),
    entity: r.entity,
    entity_id: r.entityId,
    before: r.before,
    after: r.after,
    ip: r.ip,
  };
}

import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { listAudit } from '#/server/staff/audit.ts';
import { AuditQuery } from '#/server/staff/forms.ts';
import { presentAudit } from '#/server/staff/present.ts';
import { shopDayBounds } from '#/lib/shopClock.ts';

/** The audit log, newest first; `before` pages backwards by id. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, 'admin');
  const q = parseWith(AuditQuery, readQuery(ctx.url));
  const rows = await listAudit({
    staffLogin: q.staff,
    entity: q.entity,
    entityId: q.entity_id,
    action: q.action,
    from: q.from ? shopDayBounds(q.from).start : undefined,
    to: q.to ? new Date(shopDayBounds(q.to).end.getTime() - 1) : undefined,
    before: q.before,
    limit: q.limit,
  });
  return ok({ rows: rows.map(presentAudit), next_before: rows.at(-1)?.id ?? null });
});

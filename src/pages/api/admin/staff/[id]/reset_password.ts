import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { resetStaffPassword } from '#/server/staff/accounts.ts';

/** A new one-time password for a staff member (shown once); their sessions end. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, 'admin');
  const id = parseWith(idParam, ctx.params['id']);
  return ok({ password: await resetStaffPassword(id, actor) });
});

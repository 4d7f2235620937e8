import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireAnyStaff, setStaffCookie } from '#/server/http/staffAuth.ts';
import { changeOwnPassword } from '#/server/staff/accounts.ts';
import { OwnPasswordForm } from '#/server/staff/forms.ts';
import { createStaffSession } from '#/server/staff/sessions.ts';

/** A staff member's own new password: every session ends; this one continues with a new cookie. */
export const POST = api(async (ctx) => {
  const actor = requireAnyStaff(ctx);
  const f = parseWith(OwnPasswordForm, await readForm(ctx.request));
  await changeOwnPassword(actor, f.old_password, f.password);
  const session = await createStaffSession(actor.id);
  setStaffCookie(ctx.cookies, ctx.url, session.token, ctx.request);
  return ok(null);
});

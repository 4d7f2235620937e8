import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { updateStaff } from '#/server/staff/accounts.ts';
import { StaffChangeForm } from '#/server/staff/forms.ts';
import { presentStaff } from '#/server/staff/present.ts';

export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, 'admin');
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(StaffChangeForm, await readForm(ctx.request));
  return ok(presentStaff(await updateStaff(id, f, actor)));
});

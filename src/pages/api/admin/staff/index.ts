import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { addStaff, listStaff } from '#/server/staff/accounts.ts';
import { NewStaffForm } from '#/server/staff/forms.ts';
import { presentStaff } from '#/server/staff/present.ts';

export const GET = api(async (ctx) => {
  requireStaff(ctx, 'admin');
  return ok((await listStaff()).map(presentStaff));
});

/** Adds a staff member; the answer carries their one-time password, shown once. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, 'admin');
  const f = parseWith(NewStaffForm, await readForm(ctx.request));
  const { staff, password } = await addStaff(f, actor);
  return created({ staff: presentStaff(staff), password });
});

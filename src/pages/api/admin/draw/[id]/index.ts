import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { DrawActivityForm } from '#/server/marketing/forms.ts';
import { drawActivityInput } from '#/server/marketing/inputs.ts';
import { saveDrawActivity } from '#/server/draw/desk.ts';

/** Changes a lucky-draw activity and its prizes (row N keeps prize N's id). */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(DrawActivityForm, await readForm(ctx.request));
  return ok(await saveDrawActivity(id, drawActivityInput(f), actor));
});

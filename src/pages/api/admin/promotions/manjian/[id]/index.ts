import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { FullReductionForm } from '#/server/marketing/forms.ts';
import { saveFullReduction } from '#/server/marketing/fullReductions.ts';
import { fullReductionInput } from '#/server/marketing/inputs.ts';

/** Changes a 满减活动. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(FullReductionForm, await readForm(ctx.request));
  return ok({ id: await saveFullReduction(id, fullReductionInput(f), actor) });
});

import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { CombinationForm } from '#/server/marketing/forms.ts';
import { saveCombination } from '#/server/marketing/combinations.ts';
import { combinationInput } from '#/server/marketing/inputs.ts';

/** Changes a 组合购. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(CombinationForm, await readForm(ctx.request));
  return ok({ id: await saveCombination(id, combinationInput(f), actor) });
});

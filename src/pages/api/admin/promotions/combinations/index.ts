import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { readForm, readQuery } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { CombinationForm, ListQuery } from '#/server/marketing/forms.ts';
import { presentCombination } from '#/server/marketing/present.ts';
import { listCombinations, saveCombination } from '#/server/marketing/combinations.ts';
import { combinationInput } from '#/server/marketing/inputs.ts';

/** 组合购, newest first. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(ListQuery, readQuery(ctx.url));
  return ok((await listCombinations(f.limit)).map(presentCombination));
});

/** A new 组合购. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(CombinationForm, await readForm(ctx.request));
  return created({ id: await saveCombination(null, combinationInput(f), actor) });
});

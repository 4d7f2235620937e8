import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { readForm, readQuery } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { FullReductionForm, ListQuery } from '#/server/marketing/forms.ts';
import { presentFullReduction } from '#/server/marketing/present.ts';
import { listFullReductions, saveFullReduction } from '#/server/marketing/fullReductions.ts';
import { fullReductionInput } from '#/server/marketing/inputs.ts';

/** 满减活动, newest first. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(ListQuery, readQuery(ctx.url));
  return ok((await listFullReductions(f.limit)).map(presentFullReduction));
});

/** A new 满减活动. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(FullReductionForm, await readForm(ctx.request));
  return created({ id: await saveFullReduction(null, fullReductionInput(f), actor) });
});

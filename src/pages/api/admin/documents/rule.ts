import { GSP_ROLE } from '#/lib/staffRoles.ts';
import { api } from '#/server/http/handler.ts';
import { readForm } from '#/server/http/form.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';
import { RuleForm } from '#/server/gsp/forms.ts';
import { gspRule, setGspRule } from '#/server/gsp/settings.ts';

export const GET = api(async (ctx) => {
  requireStaff(ctx, GSP_ROLE);
  return ok({ hold_incomplete: (await gspRule()).holdIncomplete });
});

/** hold_incomplete=1 keeps goods without their required documents off sale; 0 lets them sell. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, GSP_ROLE);
  const form = parseWith(RuleForm, await readForm(ctx.request));
  await setGspRule(actor, { holdIncomplete: form.hold_incomplete });
  return ok({ hold_incomplete: form.hold_incomplete });
});

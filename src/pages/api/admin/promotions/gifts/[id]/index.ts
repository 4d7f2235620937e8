import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { GiftRuleForm } from '#/server/marketing/forms.ts';
import { saveGiftRule } from '#/server/marketing/gifts.ts';
import { giftRuleInput } from '#/server/marketing/inputs.ts';

/** Changes a 满赠规则. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(GiftRuleForm, await readForm(ctx.request));
  return ok({ id: await saveGiftRule(id, giftRuleInput(f), actor) });
});

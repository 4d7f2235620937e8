import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { readForm, readQuery } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { GiftRuleForm, ListQuery } from '#/server/marketing/forms.ts';
import { presentGiftRule } from '#/server/marketing/present.ts';
import { listGiftRules, saveGiftRule } from '#/server/marketing/gifts.ts';
import { giftRuleInput } from '#/server/marketing/inputs.ts';

/** 满赠规则, newest first. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(ListQuery, readQuery(ctx.url));
  return ok((await listGiftRules(f.limit)).map(presentGiftRule));
});

/** A new 满赠规则. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(GiftRuleForm, await readForm(ctx.request));
  return created({ id: await saveGiftRule(null, giftRuleInput(f), actor) });
});

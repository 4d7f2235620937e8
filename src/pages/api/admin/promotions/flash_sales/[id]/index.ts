import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { PriceVariantForm } from '#/server/marketing/forms.ts';
import { savePriceVariant } from '#/server/marketing/priceVariants.ts';
import { variantInput } from '#/server/marketing/inputs.ts';

/** Changes a 秒杀 (goods, price, limit, window). */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(PriceVariantForm, await readForm(ctx.request));
  return ok({ id: await savePriceVariant('flash', id, variantInput(f), actor) });
});

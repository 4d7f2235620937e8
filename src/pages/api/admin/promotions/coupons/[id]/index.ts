import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { CouponTemplateForm } from '#/server/marketing/forms.ts';
import { saveCouponTemplate } from '#/server/marketing/couponTemplates.ts';
import { couponTemplateInput } from '#/server/marketing/inputs.ts';

/** Changes a 领券中心的优惠券与现金券模板. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(CouponTemplateForm, await readForm(ctx.request));
  return ok({ id: await saveCouponTemplate(id, couponTemplateInput(f), actor) });
});

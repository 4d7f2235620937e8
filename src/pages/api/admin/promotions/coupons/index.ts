import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { readForm, readQuery } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { CouponTemplateForm, ListQuery } from '#/server/marketing/forms.ts';
import { presentCouponTemplateAdmin } from '#/server/marketing/present.ts';
import { listCouponTemplates, saveCouponTemplate } from '#/server/marketing/couponTemplates.ts';
import { couponTemplateInput } from '#/server/marketing/inputs.ts';

/** 领券中心的优惠券与现金券模板, newest first. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(ListQuery, readQuery(ctx.url));
  return ok((await listCouponTemplates(f.limit)).map(presentCouponTemplateAdmin));
});

/** A new 领券中心的优惠券与现金券模板. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(CouponTemplateForm, await readForm(ctx.request));
  return created({ id: await saveCouponTemplate(null, couponTemplateInput(f), actor) });
});

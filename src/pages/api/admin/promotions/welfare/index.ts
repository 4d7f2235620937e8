import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { WelfareRateForm } from '#/server/marketing/forms.ts';
import { setWelfarePercent, welfarePercent } from '#/server/promotions/welfare.ts';

/** 全场折扣: the welfare rate in percent. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, PROMOTION_ROLE);
  return ok({ percent: await welfarePercent() });
});

/** Sets the welfare rate; carts, /welfare and the shared pages show it at once. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(WelfareRateForm, await readForm(ctx.request));
  await setWelfarePercent(f.percent, actor);
  return ok({ percent: f.percent });
});

import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { PointsGoodsForm } from '#/server/marketing/forms.ts';
import { savePointsGoods } from '#/server/marketing/pointsGoods.ts';
import { pointsGoodsInput } from '#/server/marketing/inputs.ts';

/** Changes a 积分商城商品. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(PointsGoodsForm, await readForm(ctx.request));
  return ok({ id: await savePointsGoods(id, pointsGoodsInput(f), actor) });
});

import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { endPointsGoods } from '#/server/marketing/pointsGoods.ts';

/** Takes a 积分商城商品 off the mall (stock 0). */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  await endPointsGoods(id, actor);
  return ok({ id });
});

import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { readForm, readQuery } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { PointsGoodsForm, ListQuery } from '#/server/marketing/forms.ts';
import { presentPointsGoods } from '#/server/marketing/present.ts';
import { listPointsGoodsDesk, savePointsGoods } from '#/server/marketing/pointsGoods.ts';
import { pointsGoodsInput } from '#/server/marketing/inputs.ts';

/** 积分商城商品, in the mall's order. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(ListQuery, readQuery(ctx.url));
  return ok((await listPointsGoodsDesk(f.limit)).map(presentPointsGoods));
});

/** A new 积分商城商品. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(PointsGoodsForm, await readForm(ctx.request));
  return created({ id: await savePointsGoods(null, pointsGoodsInput(f), actor) });
});

import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { removeZoneGoods } from '#/server/zoneGoods/desk.ts';
import { presentZoneWithGoods } from '#/server/zoneGoods/present.ts';

/** Takes the goods out of the zone; the others keep their order. */
export const DELETE = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const goodsId = parseWith(idParam, ctx.params['goodsId']);
  return ok(presentZoneWithGoods(await removeZoneGoods(id, goodsId, actor)));
});

import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { moveZoneGoods } from '#/server/zoneGoods/desk.ts';
import { ZoneGoodsMoveForm } from '#/server/zoneGoods/forms.ts';
import { presentZoneWithGoods } from '#/server/zoneGoods/present.ts';

/** `to=up|down`: swaps the goods with its neighbour in the zone. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const goodsId = parseWith(idParam, ctx.params['goodsId']);
  const { to } = parseWith(ZoneGoodsMoveForm, await readForm(ctx.request));
  return ok(presentZoneWithGoods(await moveZoneGoods(id, goodsId, to, actor)));
});

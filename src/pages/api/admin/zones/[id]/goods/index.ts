import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { addZoneGoods } from '#/server/zoneGoods/desk.ts';
import { ZoneGoodsAddForm } from '#/server/zoneGoods/forms.ts';
import { presentZoneWithGoods } from '#/server/zoneGoods/present.ts';

/** `goods_id`: adds the goods after the zone's others. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(ZoneGoodsAddForm, await readForm(ctx.request));
  return ok(presentZoneWithGoods(await addZoneGoods(id, f.goods_id, actor)));
});

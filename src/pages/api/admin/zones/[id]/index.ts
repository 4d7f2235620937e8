import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { zoneWithGoods } from '#/server/zoneGoods/desk.ts';
import { presentZoneWithGoods } from '#/server/zoneGoods/present.ts';

/** One zone with its picked goods in their order. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, PROMOTION_ROLE);
  return ok(presentZoneWithGoods(await zoneWithGoods(parseWith(idParam, ctx.params['id']))));
});

import { CONTENT_ROLE } from '#/lib/staffRoles.ts';
import { moveAd } from '#/server/adsDesk/ads.ts';
import { AdMoveForm } from '#/server/adsDesk/forms.ts';
import { presentAd } from '#/server/adsDesk/present.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

/** `to=up|down`: swaps the ad with its neighbour in its position. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, CONTENT_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const { to } = parseWith(AdMoveForm, await readForm(ctx.request));
  return ok(presentAd(await moveAd(id, to, actor)));
});

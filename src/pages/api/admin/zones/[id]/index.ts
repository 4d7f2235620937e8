import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { updateZone, zoneWithGoods } from '#/server/zoneGoods/desk.ts';
import { ZoneUpdateForm } from '#/server/zoneGoods/forms.ts';
import { presentZone, presentZoneWithGoods } from '#/server/zoneGoods/present.ts';

/** One zone with its picked goods in their order. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, PROMOTION_ROLE);
  return ok(presentZoneWithGoods(await zoneWithGoods(parseWith(idParam, ctx.params['id']))));
});

/** The zone's title, banner text and window (ending it early is an earlier end). */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(ZoneUpdateForm, await readForm(ctx.request));
  const input = { title: f.title, intro: f.intro, startsAt: f.starts_at, endsAt: f.ends_at };
  return ok(presentZone(await updateZone(id, input, actor)));
});

import { CONTENT_ROLE } from '#/lib/staffRoles.ts';
import { removeAd, updateAd } from '#/server/adsDesk/ads.ts';
import { AdUpdateForm } from '#/server/adsDesk/forms.ts';
import { presentAd } from '#/server/adsDesk/present.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

/** Changes the ad's title, link, on/off and window (its position and picture stay). */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, CONTENT_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(AdUpdateForm, await readForm(ctx.request));
  const ad = await updateAd(
    id,
    { title: f.title, url: f.url, enabled: f.enabled, startsAt: f.starts_at, endsAt: f.ends_at },
    actor,
  );
  return ok(presentAd(ad));
});

/** Takes the ad off its position (its picture file stays: an old page may still show it). */
export const DELETE = api(async (ctx) => {
  const actor = requireStaff(ctx, CONTENT_ROLE);
  await removeAd(parseWith(idParam, ctx.params['id']), actor);
  return ok({ removed: true });
});

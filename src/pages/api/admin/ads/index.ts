import { z } from 'zod';
import { CONTENT_ROLE } from '#/lib/staffRoles.ts';
import { adsOfSlot, createAd } from '#/server/adsDesk/ads.ts';
import { AdCreateForm, slotField } from '#/server/adsDesk/forms.ts';
import { presentAd } from '#/server/adsDesk/present.ts';
import { readForm, readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';

/** `?slot=`: the position's ads in their order, shown or not. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, CONTENT_ROLE);
  const { slot } = parseWith(z.object({ slot: slotField }), readQuery(ctx.url));
  const now = new Date();
  return ok((await adsOfSlot(slot)).map((a) => presentAd(a, now)));
});

/** A new ad after the others of its position; its picture is uploaded next (…/{id}/image). */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, CONTENT_ROLE);
  const f = parseWith(AdCreateForm, await readForm(ctx.request));
  const ad = await createAd(
    f.slot,
    { title: f.title, url: f.url, enabled: f.enabled, startsAt: f.starts_at, endsAt: f.ends_at },
    actor,
  );
  return created(presentAd(ad));
});

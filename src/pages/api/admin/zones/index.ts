import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';
import { createZone, listZones } from '#/server/zoneGoods/desk.ts';
import { ZoneCreateForm } from '#/server/zoneGoods/forms.ts';
import { presentZone } from '#/server/zoneGoods/present.ts';

/** The curated zones whose goods the merchandiser picks. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, PROMOTION_ROLE);
  return ok((await listZones()).map(presentZone));
});

/** A new zone, without goods yet. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(ZoneCreateForm, await readForm(ctx.request));
  const input = { title: f.title, intro: f.intro, startsAt: f.starts_at, endsAt: f.ends_at };
  return created(presentZone(await createZone(f.kind, input, actor)));
});

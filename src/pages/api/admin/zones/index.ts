import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { listZones } from '#/server/zoneGoods/desk.ts';
import { presentZone } from '#/server/zoneGoods/present.ts';

/** The curated zones whose goods the merchandiser picks. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, PROMOTION_ROLE);
  return ok((await listZones()).map(presentZone));
});

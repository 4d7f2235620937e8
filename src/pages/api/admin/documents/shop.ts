import { GSP_ROLE } from '#/lib/staffRoles.ts';
import { shopDay } from '#/lib/shopClock.ts';
import { api } from '#/server/http/handler.ts';
import { created } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { readShopDocument } from '#/server/gsp/forms.ts';
import { presentDocument } from '#/server/gsp/present.ts';
import { uploadShopDocument } from '#/server/gsp/upload.ts';

/** Multipart: kind, valid_until (optional) and file of one of the shop's own documents. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, GSP_ROLE);
  const row = await uploadShopDocument(actor, await readShopDocument(ctx.request));
  return created(presentDocument(row, shopDay(new Date())));
});

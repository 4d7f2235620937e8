import { GSP_ROLE } from '#/lib/staffRoles.ts';
import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { goodsDocuments } from '#/server/gsp/buyer.ts';
import { readGoodsDocument } from '#/server/gsp/forms.ts';
import { presentDocument } from '#/server/gsp/present.ts';
import { uploadGoodsDocument } from '#/server/gsp/upload.ts';
import { shopDay } from '#/lib/shopClock.ts';

export const GET = api(async (ctx) => {
  requireStaff(ctx, GSP_ROLE);
  return ok(await goodsDocuments(parseWith(idParam, ctx.params['id'])));
});

/** Multipart: kind, valid_until (optional) and file; replaces the goods' document of that kind. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, GSP_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const row = await uploadGoodsDocument(actor, id, await readGoodsDocument(ctx.request));
  return created(presentDocument(row, shopDay(new Date())));
});

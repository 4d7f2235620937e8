import { GSP_ROLE } from '#/lib/staffRoles.ts';
import { shopDay } from '#/lib/shopClock.ts';
import { api } from '#/server/http/handler.ts';
import { created } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { readReport } from '#/server/gsp/forms.ts';
import { presentDocument } from '#/server/gsp/present.ts';
import { uploadLotReport } from '#/server/gsp/upload.ts';

/** Multipart: file; replaces the lot's test report. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, GSP_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const row = await uploadLotReport(actor, id, await readReport(ctx.request));
  return created(presentDocument(row, shopDay(new Date())));
});

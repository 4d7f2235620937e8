import { SLIP_REVIEW_ROLES } from '#/lib/staffRoles.ts';
import { SlipQueueQuery } from '#/server/fulfilment/forms.ts';
import { presentSlipRow } from '#/server/fulfilment/present.ts';
import { listSlips } from '#/server/fulfilment/slips.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';

/** 含麻 receipt slips by status (uploaded = waiting for review, oldest first). */
export const GET = api(async (ctx) => {
  requireStaff(ctx, SLIP_REVIEW_ROLES);
  const q = parseWith(SlipQueueQuery, readQuery(ctx.url));
  const page = await listSlips(q);
  return paged({ ...page, rows: page.rows.map(presentSlipRow) });
});

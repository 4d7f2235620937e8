import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { ReturnQuery } from '#/server/returns/forms.ts';
import { presentReturnCase } from '#/server/returns/present.ts';
import { returnQueue } from '#/server/returns/queue.ts';
import { RETURN_QUEUE_ROLES } from '#/lib/staffRoles.ts';

export const GET = api(async (ctx) => {
  requireStaff(ctx, RETURN_QUEUE_ROLES);
  const q = parseWith(ReturnQuery, readQuery(ctx.url));
  const page = await returnQueue({ status: q.status ?? null, page: q.page, perPage: q.per_page });
  return paged({ ...page, rows: page.rows.map(presentReturnCase) });
});

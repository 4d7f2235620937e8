import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { TransferQuery } from '#/server/transfers/forms.ts';
import { presentTransferCase } from '#/server/transfers/present.ts';
import { transferQueue } from '#/server/transfers/queue.ts';

/** Bank transfers (对公转账) by state; `q` finds one by reference or order number. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, 'finance');
  const f = parseWith(TransferQuery, readQuery(ctx.url));
  const page = await transferQueue({
    status: f.status ?? null,
    keyword: f.q,
    page: f.page,
    perPage: f.per_page,
  });
  return paged({ ...page, rows: page.rows.map(presentTransferCase) });
});

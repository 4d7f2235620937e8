import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { RefundQuery } from '#/server/refunds/forms.ts';
import { presentRefundCase } from '#/server/refunds/present.ts';
import { refundQueue } from '#/server/refunds/queue.ts';

/** Refunds by state; `status=waiting` is what finance still has to pay out. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, 'finance');
  const f = parseWith(RefundQuery, readQuery(ctx.url));
  const page = await refundQueue({ state: f.status ?? null, page: f.page, perPage: f.per_page });
  return paged({ ...page, rows: page.rows.map(presentRefundCase) });
});

import { ORDER_DESK_ROLES } from '#/lib/staffRoles.ts';
import { OrderQueueQuery } from '#/server/fulfilment/forms.ts';
import { presentQueue } from '#/server/fulfilment/present.ts';
import { listStaffOrders } from '#/server/fulfilment/queue.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { json } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';

/** The order queue: one status tab, searched by order no, store or goods, within dates. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, ORDER_DESK_ROLES);
  const q = parseWith(OrderQueueQuery, readQuery(ctx.url));
  const page = presentQueue(await listStaffOrders(q));
  return json({
    data: page.rows,
    current_page: page.page,
    last_page: Math.max(1, Math.ceil(page.total / page.perPage)),
    per_page: page.perPage,
    total: page.total,
    counts: page.counts,
  });
});

import { shopDay } from '#/lib/shopClock.ts';
import { ORDER_DESK_ROLES } from '#/lib/staffRoles.ts';
import { ordersForExport } from '#/server/exports/orders.ts';
import { orderSheets } from '#/server/exports/present.ts';
import { OrderQueueQuery } from '#/server/fulfilment/forms.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { xlsxFile } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { recordExport } from '#/server/staff/exportAudit.ts';
import { parseWith } from '#/server/http/validate.ts';
import { xlsxStream } from '#/server/spreadsheets/writeXlsx.ts';

/**
 * Orders with their lines as .xlsx, filtered like the order queue (status tab, q, from, to),
 * streamed as written.
 */
export const GET = api(async (ctx) => {
  const actor = requireStaff(ctx, ORDER_DESK_ROLES);
  const q = parseWith(OrderQueueQuery, readQuery(ctx.url));
  const found = await ordersForExport(q);
  // Recorded as it starts: a download that fails part-way has still taken rows.
  await recordExport(actor, 'orders', q, found.count);
  return xlsxFile(xlsxStream(orderSheets(found)), `orders-${q.status}-${shopDay(new Date())}.xlsx`);
});

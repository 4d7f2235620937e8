import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { InvoiceQueueQuery } from '#/server/invoices/forms.ts';
import { presentInvoiceCase } from '#/server/invoices/present.ts';
import { invoiceQueue } from '#/server/invoices/queue.ts';

/**
 * Shipped orders still without an invoice, the longest waiting first (state=to_issue), or orders
 * whose invoice is for more than is left after refunds (state=to_correct).
 */
export const GET = api(async (ctx) => {
  requireStaff(ctx, 'finance');
  const f = parseWith(InvoiceQueueQuery, readQuery(ctx.url));
  const page = await invoiceQueue({ state: f.state, page: f.page, perPage: f.per_page });
  return paged({ ...page, rows: page.rows.map(presentInvoiceCase) });
});

import { FINANCE_ROLE, ORDER_DESK_ROLES } from '#/lib/staffRoles.ts';
import { api } from '#/server/http/handler.ts';
import { readForm } from '#/server/http/form.ts';
import { created, ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { staffInvoice } from '#/server/invoices/desk.ts';
import { InvoiceUploadForm } from '#/server/invoices/forms.ts';
import { MAX_INVOICE_BYTES, uploadInvoice } from '#/server/invoices/issue.ts';

export const GET = api(async (ctx) => {
  requireStaff(ctx, ORDER_DESK_ROLES);
  return ok(await staffInvoice(parseWith(idParam, ctx.params['id'])));
});

/** Finance uploads the invoice issued on the tax platform (file = data URL of the PDF or OFD). */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, FINANCE_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const form = await readForm(ctx.request, Math.ceil(MAX_INVOICE_BYTES * 1.4) + 4096);
  await uploadInvoice(actor, id, parseWith(InvoiceUploadForm, form));
  return created(await staffInvoice(id));
});

import { FINANCE_ROLE } from '#/lib/staffRoles.ts';
import { api } from '#/server/http/handler.ts';
import { readForm } from '#/server/http/form.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { staffInvoice } from '#/server/invoices/desk.ts';
import { InvoiceVoidForm } from '#/server/invoices/forms.ts';
import { voidInvoice } from '#/server/invoices/void.ts';

/** Finance voids the invoice of an order refunded whole, once red-lettered on the tax platform. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, FINANCE_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const { reason } = parseWith(InvoiceVoidForm, await readForm(ctx.request));
  await voidInvoice(actor, id, reason);
  return ok(await staffInvoice(id));
});

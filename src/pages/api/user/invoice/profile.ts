import { api } from '#/server/http/handler.ts';
import { readForm } from '#/server/http/form.ts';
import { ok } from '#/server/http/respond.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { getDb } from '#/server/db/client.ts';
import { InvoiceProfileForm } from '#/server/invoices/forms.ts';
import { presentProfile } from '#/server/invoices/present.ts';
import { invoiceProfileOf, saveInvoiceProfile } from '#/server/invoices/profile.ts';

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  return ok(presentProfile(await invoiceProfileOf(await getDb(), user.companyId)));
});

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const form = parseWith(InvoiceProfileForm, await readForm(ctx.request));
  return ok(presentProfile(await saveInvoiceProfile(user.companyId, form)));
});

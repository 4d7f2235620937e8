import { api } from '#/server/http/handler.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { invoiceFile } from '#/server/invoices/buyer.ts';
import { fileResponse } from '#/server/invoices/response.ts';

/** The invoice file finance uploaded (PDF or OFD); 409 until then, 404 for other stores' orders. */
export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  return fileResponse(await invoiceFile(parseWith(idParam, ctx.params['id']), user.companyId));
});

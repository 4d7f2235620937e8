import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { invoiceInfo } from '#/server/invoices/buyer.ts';

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  return ok(await invoiceInfo(user.companyId, parseWith(idParam, ctx.params['id'])));
});

import { ORDER_DESK_ROLES } from '#/lib/staffRoles.ts';
import { api } from '#/server/http/handler.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { invoiceFile } from '#/server/invoices/buyer.ts';
import { fileResponse } from '#/server/invoices/response.ts';

export const GET = api(async (ctx) => {
  requireStaff(ctx, ORDER_DESK_ROLES);
  return fileResponse(await invoiceFile(parseWith(idParam, ctx.params['id']), null));
});

import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { confirmReceipt } from '#/server/orders/complete.ts';

/** The buyer confirms receipt of a shipped order (确认收货). */
export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  return ok(await confirmReceipt(user.companyId, parseWith(idParam, ctx.params['id'])));
});

import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { cancelOrder } from '#/server/orders/cancel.ts';

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  return ok(await cancelOrder(user.companyId, parseWith(idParam, ctx.params['id'])));
});

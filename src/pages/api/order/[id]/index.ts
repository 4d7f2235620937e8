import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { orderInfo } from '#/server/orders/views.ts';

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  return ok(await orderInfo(user.companyId, parseWith(idParam, ctx.params['id'])));
});

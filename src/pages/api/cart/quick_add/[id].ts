import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { quickAdd } from '#/server/cart/add.ts';

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  return ok(await quickAdd(user.companyId, parseWith(idParam, ctx.params['id'])));
});

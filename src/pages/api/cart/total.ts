import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { cartCount } from '#/server/cart/state.ts';

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  return ok({ total: await cartCount(user.companyId) });
});

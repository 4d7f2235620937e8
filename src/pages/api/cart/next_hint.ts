import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { nextHint } from '#/server/cart/hint.ts';

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  return ok(await nextHint(user.companyId));
});

import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { creditCheck } from '#/server/orders/credit.ts';

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  return ok(await creditCheck(user.companyId, null));
});

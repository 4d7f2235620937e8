import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { listStores } from '#/server/members/stores.ts';

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  return ok(await listStores(user.accountId, user.companyId));
});

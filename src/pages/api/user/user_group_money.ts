import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { groupBalances } from '#/server/wallet/ledger.ts';
import { presentGroupBalances } from '#/server/wallet/present.ts';

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  return ok(presentGroupBalances(await groupBalances(user.accountId)));
});

import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { pageParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { groupMoneyLog } from '#/server/wallet.ts';

const Query = z.object({ page: pageParam });

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  return paged(await groupMoneyLog(user.accountId, parseWith(Query, readQuery(ctx.url)).page, 15));
});

import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { pageParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { groupLedgerPage } from '#/server/wallet/ledger.ts';
import { presentGroupLedgerPage } from '#/server/wallet/present.ts';

const Query = z.object({ page: pageParam });

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const { page } = parseWith(Query, readQuery(ctx.url));
  return paged(presentGroupLedgerPage(await groupLedgerPage(user.accountId, page, 15)));
});

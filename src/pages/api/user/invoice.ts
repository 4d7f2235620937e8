import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { pageParam, parseWith, perPageParam } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { listInvoices } from '#/server/invoices/buyer.ts';

const Query = z.object({ page: pageParam, per_page: perPageParam(50, 20) });

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const q = parseWith(Query, readQuery(ctx.url));
  return paged(await listInvoices(user.companyId, q.page, q.per_page));
});

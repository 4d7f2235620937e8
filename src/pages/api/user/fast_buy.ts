import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { pageParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { fastBuy } from '#/server/orders/fastBuy.ts';

// order: 1 most bought (default), 2 most recent
const Query = z.object({
  page: pageParam,
  order: z.enum(['1', '2'], { error: '排序不正确' }).default('1'),
});

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const q = parseWith(Query, readQuery(ctx.url));
  return paged(await fastBuy(user.companyId, q.page, 20, q.order === '2' ? 'recent' : 'count'));
});

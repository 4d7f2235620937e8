import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { pageParam, parseWith, perPageParam } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { listMessages } from '#/server/members/messages.ts';

const Query = z.object({
  page: pageParam,
  per_page: perPageParam(50, 10),
  unread: z.enum(['0', '1']).default('0'),
});

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const q = parseWith(Query, readQuery(ctx.url));
  return paged(await listMessages(user.accountId, q.page, q.per_page, q.unread === '1'));
});

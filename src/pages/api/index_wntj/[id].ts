import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { readQuery } from '#/server/http/form.ts';
import { paged } from '#/server/http/respond.ts';
import { pageParam, parseWith, perPageParam } from '#/server/http/validate.ts';
import { buyerOf } from '#/server/catalog/buyer.ts';
import { presentPage } from '#/server/catalog/present.ts';
import { recommended } from '#/server/catalog/selections.ts';
import { notFound } from '#/server/errors.ts';

// 为你推荐 (only list 1 exists): goods within the member's scope, best sellers first.
export const GET = api(async (ctx) => {
  if (ctx.params['id'] !== '1') throw notFound('推荐位不存在');
  const q = parseWith(
    z.object({ page: pageParam, per_page: perPageParam(50, 20) }),
    readQuery(ctx.url),
  );
  return paged(presentPage(await recommended(await buyerOf(ctx.locals.user), q.page, q.per_page)));
});

import { api } from '#/server/http/handler.ts';
import { readQuery } from '#/server/http/form.ts';
import { paged } from '#/server/http/respond.ts';
import { buyerOf } from '#/server/catalog/buyer.ts';
import { listGoods } from '#/server/catalog/list.ts';
import { presentPage } from '#/server/catalog/present.ts';
import { parseListQuery } from '#/server/catalog/query.ts';

export const GET = api(async (ctx) =>
  paged(
    presentPage(
      await listGoods(parseListQuery(readQuery(ctx.url)), await buyerOf(ctx.locals.user)),
    ),
  ),
);

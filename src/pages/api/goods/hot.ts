import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { buyerOf } from '#/server/catalog/buyer.ts';
import { presentCard } from '#/server/catalog/present.ts';
import { hotGoods } from '#/server/catalog/selections.ts';

export const GET = api(async (ctx) =>
  ok((await hotGoods(await buyerOf(ctx.locals.user), 10)).map(presentCard)),
);

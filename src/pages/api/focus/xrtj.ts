import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { buyerOf } from '#/server/catalog/buyer.ts';
import { presentCard } from '#/server/catalog/present.ts';
import { newcomerGoods } from '#/server/promotions/activities.ts';

export const GET = api(async (ctx) =>
  ok((await newcomerGoods(await buyerOf(ctx.locals.user))).map(presentCard)),
);

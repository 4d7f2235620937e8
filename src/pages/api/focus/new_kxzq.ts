import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { buyerOf } from '#/server/catalog/buyer.ts';
import { presentCard } from '#/server/catalog/present.ts';
import { controlledZone } from '#/server/promotions/zones.ts';

export const GET = api(async (ctx) =>
  ok((await controlledZone(await buyerOf(ctx.locals.user), 1, 8, true)).rows.map(presentCard)),
);

import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { buyerOf } from '#/server/catalog/buyer.ts';
import { manjianZone } from '#/server/promotions/fullReduction.ts';
import { presentFullReductionZone } from '#/server/promotions/present.ts';

// Full-reduction activities with their tiers and first goods.
export const GET = api(async (ctx) =>
  ok(presentFullReductionZone(await manjianZone(await buyerOf(ctx.locals.user)))),
);

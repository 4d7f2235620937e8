import { api } from '#/server/http/handler.ts';
import { shopIso } from '#/lib/shopClock.ts';
import { ok } from '#/server/http/respond.ts';
import { buyerOf } from '#/server/catalog/buyer.ts';
import { presentCard } from '#/server/catalog/present.ts';
import { variantGoods } from '#/server/catalog/selections.ts';

// 秒杀: flash-sale goods; the client counts down from `timestamp` to each goods' `ends_at`.
export const GET = api(async (ctx) => {
  const page = await variantGoods('flash', await buyerOf(ctx.locals.user), 1, 20);
  return ok({ goods: page.rows.map(presentCard), timestamp: shopIso(new Date()) });
});

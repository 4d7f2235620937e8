import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { buyerOf } from '#/server/catalog/buyer.ts';
import { presentCard } from '#/server/catalog/present.ts';
import { variantGoods } from '#/server/catalog/selections.ts';
import { endOfShopDay, shopIso } from '#/lib/shopClock.ts';

// 每日特价: today's specials and the end of the shop's day (Asia/Shanghai) for the countdown.
export const GET = api(async (ctx) => {
  const page = await variantGoods('daily_special', await buyerOf(ctx.locals.user), 1, 40);
  const now = new Date();
  return ok({
    goods: page.rows.map(presentCard),
    timestamp: shopIso(now),
    ends_at: shopIso(endOfShopDay(now)),
  });
});

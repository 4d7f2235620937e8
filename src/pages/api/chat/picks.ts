import { requireChat } from '#/server/chat/buyer.ts';
import { recentGoodsCards, recentOrderCards } from '#/server/chat/cards.ts';
import { requireUser } from '#/server/http/auth.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';

/** What the buyer may send as a card: goods they recently ordered or hold in the cart, their recent orders. */
export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  await requireChat(user);
  const [goods, orders] = await Promise.all([
    recentGoodsCards(user.companyId),
    recentOrderCards(user.companyId),
  ]);
  return ok({ goods, orders });
});

import { searchGoodsCards } from '#/server/chat/cards.ts';
import { GoodsSearchQuery } from '#/server/chat/forms.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';

/** Goods to send as a card, by code or name. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, 'service');
  const q = parseWith(GoodsSearchQuery, readQuery(ctx.url));
  return ok(await searchGoodsCards(q.q));
});

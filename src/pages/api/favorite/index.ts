import { z } from 'zod';
import { shopIso } from '#/lib/shopClock.ts';
import { api } from '#/server/http/handler.ts';
import { readForm, readQuery } from '#/server/http/form.ts';
import { created, paged } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { idList, pageParam, parseWith, perPageParam } from '#/server/http/validate.ts';
import { unauthenticated } from '#/server/errors.ts';
import { buyerOf } from '#/server/catalog/buyer.ts';
import { addFavorites, listFavorites } from '#/server/favorites.ts';
import { presentCard } from '#/server/catalog/present.ts';

export const GET = api(async (ctx) => {
  const company = await buyerOf(requireUser(ctx));
  if (!company) throw unauthenticated();
  const q = parseWith(
    z.object({ page: pageParam, per_page: perPageParam(50, 20) }),
    readQuery(ctx.url),
  );
  const list = await listFavorites(company, q.page, q.per_page);
  return paged({
    ...list,
    rows: list.rows.map((f) => ({
      ...presentCard(f.card),
      favorited_at: shopIso(f.favoritedAt),
    })),
  });
});

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const body = parseWith(z.object({ goods_ids: idList(200) }), await readForm(ctx.request));
  return created({ count: await addFavorites(user.companyId, body.goods_ids) });
});

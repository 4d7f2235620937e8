import { api } from '#/server/http/handler.ts';
import { readQuery } from '#/server/http/form.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { buyerOf } from '#/server/catalog/buyer.ts';
import { goodsDetail } from '#/server/catalog/detail.ts';
import { presentDetail } from '#/server/catalog/present.ts';
import { detailQuerySchema } from '#/server/catalog/query.ts';
import { isFavorite } from '#/server/favorites.ts';

export const GET = api(async (ctx) => {
  const id = parseWith(idParam, ctx.params['id']);
  const q = parseWith(detailQuerySchema, readQuery(ctx.url));
  const company = await buyerOf(ctx.locals.user);
  const detail = await goodsDetail(id, q, company);
  return ok({
    ...presentDetail(detail),
    is_favorite: company ? await isFavorite(company.id, id) : false,
  });
});

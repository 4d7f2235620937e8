import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { readQuery } from '#/server/http/form.ts';
import { json } from '#/server/http/respond.ts';
import { idParam, pageParam, parseWith, perPageParam } from '#/server/http/validate.ts';
import { buyerOf } from '#/server/catalog/buyer.ts';
import { listGoods } from '#/server/catalog/list.ts';
import { presentCard } from '#/server/catalog/present.ts';
import { parseListQuery } from '#/server/catalog/query.ts';
import { brandById } from '#/server/promotions/zones.ts';

// A brand and a page of its goods.
export const GET = api(async (ctx) => {
  const id = parseWith(idParam, ctx.params['id']);
  const q = parseWith(
    z.object({ page: pageParam, per_page: perPageParam(100, 20) }),
    readQuery(ctx.url),
  );
  const brand = await brandById(id);
  const list = await listGoods(
    parseListQuery({ brand: String(id), page: String(q.page), per_page: String(q.per_page) }),
    await buyerOf(ctx.locals.user),
  );
  return json({
    data: {
      brand: { id: brand.id, name: brand.name, logo: brand.logo },
      goods: list.rows.map(presentCard),
    },
    current_page: list.page,
    last_page: Math.max(1, Math.ceil(list.total / list.perPage)),
    per_page: list.perPage,
    total: list.total,
  });
});

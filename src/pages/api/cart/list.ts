import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { cartState } from '#/server/cart/state.ts';
import { CART_LIST_FILTER_DEFAULT } from '#/lib/constants.ts';

const Query = z.object({
  filters: z.coerce
    .number({ error: '筛选条件不正确' })
    .int('筛选条件不正确')
    .min(0, '筛选条件不正确')
    .max(CART_LIST_FILTER_DEFAULT, '筛选条件不正确')
    .default(CART_LIST_FILTER_DEFAULT),
});

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const q = parseWith(Query, readQuery(ctx.url));
  return ok(await cartState(user.companyId, q.filters));
});

import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { pageParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { usableCoupons } from '#/server/wallet/coupons.ts';
import { presentUsableCoupon } from '#/server/wallet/present.ts';

// type: 1 coupons, 2 cash vouchers, absent both
const Query = z.object({
  type: z.enum(['1', '2'], { error: '类型不正确' }).optional(),
  page: pageParam,
});
const PER_PAGE = 20;

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const q = parseWith(Query, readQuery(ctx.url));
  const rows = await usableCoupons(
    user.companyId,
    q.type === '1' ? 'coupon' : q.type === '2' ? 'cash' : null,
  );
  const page = rows.slice((q.page - 1) * PER_PAGE, q.page * PER_PAGE).map(presentUsableCoupon);
  return paged({ rows: page, total: rows.length, page: q.page, perPage: PER_PAGE });
});

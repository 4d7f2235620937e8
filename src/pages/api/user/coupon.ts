import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { pageParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { listCoupons } from '#/server/wallet/coupons.ts';
import { presentCoupon } from '#/server/wallet/present.ts';

// type: 1 coupons, 2 cash vouchers; status: 1 unused, 2 used, 3 expired
const Query = z.object({
  type: z.enum(['1', '2'], { error: '类型不正确' }).default('1'),
  status: z.enum(['1', '2', '3'], { error: '状态不正确' }).optional(),
  page: pageParam,
});
const STATUS = { '1': 'unused', '2': 'used', '3': 'expired' } as const;
const PER_PAGE = 20;

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const q = parseWith(Query, readQuery(ctx.url));
  const rows = await listCoupons(
    user.companyId,
    q.type === '1' ? 'coupon' : 'cash',
    q.status ? STATUS[q.status] : null,
  );
  return paged({
    rows: rows.slice((q.page - 1) * PER_PAGE, q.page * PER_PAGE).map((c) => presentCoupon(c)),
    total: rows.length,
    page: q.page,
    perPage: PER_PAGE,
  });
});

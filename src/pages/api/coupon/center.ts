import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { couponCentre } from '#/server/promotions/coupons.ts';
import { presentCouponTemplate } from '#/server/promotions/present.ts';

// 领券中心: claimable coupon templates; `claimed` for a member who already took one.
export const GET = api(async ({ locals }) =>
  ok((await couponCentre(locals.user?.companyId ?? null)).map(presentCouponTemplate)),
);

import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { created } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { claimCoupon } from '#/server/promotions/coupons.ts';
import { presentClaimedCoupon } from '#/server/promotions/present.ts';

const Form = z.object({ id: idParam });

// Claims one coupon of a template (up to its per-store limit): it then shows in /yhq and at checkout.
export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const form = parseWith(Form, await readForm(ctx.request));
  return created(presentClaimedCoupon(await claimCoupon(user.companyId, form.id)));
});

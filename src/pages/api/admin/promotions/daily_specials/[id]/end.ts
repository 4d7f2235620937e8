import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { endPriceVariants } from '#/server/marketing/priceVariants.ts';

/** Ends a 每日特价 now (a scheduled one never starts). */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  await endPriceVariants('daily_special', [id], actor);
  return ok({ id });
});

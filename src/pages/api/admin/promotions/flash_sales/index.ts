import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { readForm, readQuery } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { PriceVariantForm, VariantListQuery } from '#/server/marketing/forms.ts';
import { presentPriceVariant } from '#/server/marketing/present.ts';
import { listPriceVariants, savePriceVariant } from '#/server/marketing/priceVariants.ts';
import { variantInput } from '#/server/marketing/inputs.ts';

/** 秒杀, newest first; `goods_id` filters by goods. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(VariantListQuery, readQuery(ctx.url));
  return ok(
    (await listPriceVariants('flash', { goodsId: f.goods_id, limit: f.limit })).map(
      presentPriceVariant,
    ),
  );
});

/** A new 秒杀. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(PriceVariantForm, await readForm(ctx.request));
  return created({ id: await savePriceVariant('flash', null, variantInput(f), actor) });
});

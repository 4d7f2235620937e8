import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idList, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { optId } from '#/server/http/cartSchemas.ts';
import { prepareCheckout } from '#/server/orders/checkout.ts';

const Form = z.object({ ids: idList().optional(), coupon_id: optId, cash_voucher_id: optId });

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const form = parseWith(Form, await readForm(ctx.request));
  return ok(
    await prepareCheckout(
      user.companyId,
      form.ids ?? null,
      form.coupon_id ?? null,
      form.cash_voucher_id ?? null,
    ),
  );
});

import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { presentRecharge } from '#/server/wallet/present.ts';
import { rechargeWithVoucher } from '#/server/wallet/recharge.ts';

const Form = z.object({ id: idParam });

/** 现金券充值: turns one of the member's cash vouchers into balance. */
export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const f = parseWith(Form, await readForm(ctx.request));
  return ok(presentRecharge(await rechargeWithVoucher(user.companyId, f.id)));
});

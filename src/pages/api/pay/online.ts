import { z } from 'zod';
import { PAY_PROVIDERS } from '#/lib/payProviders.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { onlineCreate } from '#/server/orders/online.ts';

const Form = z.object({
  order_id: idParam,
  provider: z.enum(PAY_PROVIDERS, { error: '支付方式不正确' }).optional(),
});

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const f = parseWith(Form, await readForm(ctx.request));
  return ok(await onlineCreate(user.companyId, f.order_id, f.provider));
});

import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { readForm } from '#/server/http/form.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { requestCancel } from '#/server/orders/cancelRequest.ts';

const Form = z.object({
  reason: z
    .string({ error: '请填写取消原因' })
    .trim()
    .min(2, '请填写取消原因')
    .max(200, '取消原因最多200字'),
});

/** The buyer asks to cancel a paid order nothing of which has shipped; staff confirm or decline. */
export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const id = parseWith(idParam, ctx.params['id']);
  const form = parseWith(Form, await readForm(ctx.request));
  return ok(await requestCancel(user.companyId, id, form.reason));
});

import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { created } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { redeem } from '#/server/selfservice/pointsMall.ts';

const Form = z.object({
  goods_id: idParam,
  number: z.coerce
    .number({ error: '兑换数量不正确' })
    .int('兑换数量须为整数')
    .min(1, '兑换数量至少为1')
    .max(99, '一次最多兑换99件')
    .default(1),
});

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const f = parseWith(Form, await readForm(ctx.request));
  return created(await redeem(user.companyId, user.accountId, f.goods_id, f.number));
});

import { z } from 'zod';
import { api } from '../../../../server/http/handler.ts';
import { created } from '../../../../server/http/respond.ts';
import { readForm } from '../../../../server/http/form.ts';
import { idParam, parseWith } from '../../../../server/http/validate.ts';
import { requireUser } from '../../../../server/http/auth.ts';
import { quantity } from '../../../../server/http/cartSchemas.ts';
import { applyReturn } from '../../../../server/orders.ts';

const asList = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v);
const Form = z.object({
  kind: z.enum(['return', 'after_sales'], { error: '请选择售后类型' }).default('return'),
  reason: z.string({ error: '请填写退货原因' }).trim().min(2, '请填写退货原因').max(500, '原因最多500字'),
  lines: z.preprocess(asList, z.array(z.object({ id: idParam, number: quantity }), { error: '请选择要退的商品' }).min(1, '请选择要退的商品').max(200)),
  photos: z.preprocess(asList, z.array(z.string().max(300)).max(6, '最多6张照片')).default([]),
});

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(Form, await readForm(ctx.request));
  return created(await applyReturn(user.companyId, id, f));
});

import { z } from 'zod';
import { api } from '../../../../../server/http/handler.ts';
import { ok } from '../../../../../server/http/respond.ts';
import { readForm } from '../../../../../server/http/form.ts';
import { idParam, parseWith } from '../../../../../server/http/validate.ts';
import { requireOperator } from '../../../../../server/http/auth.ts';
import { reviewLicence } from '../../../../../server/qualifications.ts';

const Form = z.object({
  state: z.enum(['approved', 'rejected'], { error: '请选择审核结果' }),
  remark: z.string().trim().max(200, '审核意见最多200个字').default(''),
});

// Operators only: approve or reject an uploaded licence.
export const POST = api(async (ctx) => {
  requireOperator(ctx);
  const id = parseWith(idParam, ctx.params['id']);
  const form = parseWith(Form, await readForm(ctx.request));
  return ok(await reviewLicence(id, form));
});

import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireOperator } from '#/server/http/auth.ts';
import { reviewLicence } from '#/server/qualifications.ts';
import { DRUG_CLASSES } from '#/lib/drugClass.ts';

const Form = z.object({
  state: z.enum(['approved', 'rejected'], { error: '请选择审核结果' }),
  remark: z.string().trim().max(200, '审核意见最多200个字').default(''),
  /** 经营范围 granted with the approval; defaults to the usual scope of the store's type. */
  jyfw: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z
      .array(z.enum(DRUG_CLASSES, { error: '经营范围不正确' }))
      .max(DRUG_CLASSES.length)
      .optional(),
  ),
});

// Operators only: approve or reject an uploaded licence.
export const POST = api(async (ctx) => {
  requireOperator(ctx);
  const id = parseWith(idParam, ctx.params['id']);
  const form = parseWith(Form, await readForm(ctx.request));
  return ok(await reviewLicence(id, form));
});

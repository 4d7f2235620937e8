import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { mobileField } from '#/server/members/forms.ts';
import { sendSmsCode } from '#/server/members/sms.ts';
import { SMS_PURPOSES } from '#/server/db/schema/index.ts';

const Form = z.object({
  phone: mobileField,
  type: z.enum(SMS_PURPOSES, { error: '验证码类型不正确' }),
});

export const POST = api(async ({ request }) => {
  const form = parseWith(Form, await readForm(request));
  await sendSmsCode(form.phone, form.type);
  return ok({ sent: true, expires_in: 300 });
});

import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { passwordField } from '#/server/members/forms.ts';
import { finishReset } from '#/server/members/forget.ts';
import { MESSAGES } from '#/lib/validation.ts';

const Form = z
  .object({
    ticket: z
      .string({ error: '验证已过期，请重新获取验证码' })
      .min(1, '验证已过期，请重新获取验证码')
      .max(100, '验证已过期，请重新获取验证码'),
    password: passwordField,
    password_confirmation: z.string({ error: MESSAGES.passwordMismatch }),
  })
  .refine((f) => f.password === f.password_confirmation, {
    path: ['password_confirmation'],
    message: MESSAGES.passwordMismatch,
  });

export const POST = api(async ({ request }) => {
  const form = parseWith(Form, await readForm(request));
  await finishReset(form.ticket, form.password);
  return ok({ reset: true });
});

import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { mobileField, smsCodeField } from '#/server/members/forms.ts';
import { startReset } from '#/server/members/forget.ts';

const Form = z.object({ phone: mobileField, code: smsCodeField });

export const POST = api(async ({ request }) => {
  const form = parseWith(Form, await readForm(request));
  return ok({ ticket: await startReset(form.phone, form.code) });
});

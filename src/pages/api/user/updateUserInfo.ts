import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { mobileField, personNameField } from '#/server/members/forms.ts';
import { updateUserInfo } from '#/server/members/profile.ts';

const Form = z.object({ name: personNameField, phone: mobileField });

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const form = parseWith(Form, await readForm(ctx.request));
  await updateUserInfo(user.accountId, form);
  return ok(form);
});

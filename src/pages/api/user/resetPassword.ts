import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireUser, setSessionCookie } from '#/server/http/auth.ts';
import { passwordField } from '#/server/members/forms.ts';
import { changePassword } from '#/server/members/profile.ts';

const Form = z.object({
  old_password: z
    .string({ error: '请输入当前密码' })
    .min(1, '请输入当前密码')
    .max(128, '当前密码不正确'),
  password: passwordField,
});

// Every session of the account ends; this one continues under a new token.
export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const form = parseWith(Form, await readForm(ctx.request));
  const session = await changePassword(
    user.accountId,
    user.companyId,
    form.old_password,
    form.password,
  );
  setSessionCookie(ctx.cookies, ctx.url, session.token, ctx.request);
  return ok({ changed: true });
});

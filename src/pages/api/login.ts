import { z } from 'zod';
import { shopIso } from '#/lib/shopClock.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { setSessionCookie } from '#/server/http/auth.ts';
import { clientIp } from '#/server/http/clientIp.ts';
import { checkCredentials } from '#/server/auth/login.ts';
import { accountIdFor, loginThrottleKeys } from '#/server/auth/throttle.ts';
import { CaptchaFields, guardLogin } from '#/server/auth/guardLogin.ts';
import { createSession, destroySession } from '#/server/sessions.ts';

const LoginForm = z.object({
  username: z
    .string({ error: '请输入用户名或手机号' })
    .trim()
    .min(1, '请输入用户名或手机号')
    .max(64, '用户名或手机号不正确'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码不正确'),
  ...CaptchaFields,
});

export const POST = api(async (ctx) => {
  const { request, cookies, url, locals } = ctx;
  const form = parseWith(LoginForm, await readForm(request));
  // Failures are counted per account and per client IP in the database, shared by all processes.
  const keys = loginThrottleKeys(
    (await accountIdFor(form.username)) ?? form.username,
    clientIp(ctx),
  );
  const result = await guardLogin(keys, form, '用户名或密码错误', () =>
    checkCredentials(form.username, form.password),
  );
  // A fresh token on every login: a token planted before login (fixation) is dropped.
  if (locals.sessionToken) await destroySession(locals.sessionToken);
  const session = await createSession(result.accountId, result.companyId);
  setSessionCookie(cookies, url, session.token, request);
  return ok({ token: session.token, expires_at: shopIso(session.expiresAt) });
});

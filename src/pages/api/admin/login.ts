import { api } from '#/server/http/handler.ts';
import { shopIso } from '#/lib/shopClock.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { clientIp } from '#/server/http/clientIp.ts';
import { setStaffCookie } from '#/server/http/staffAuth.ts';
import { loginThrottleKeys } from '#/server/auth/throttle.ts';
import { guardLogin } from '#/server/auth/guardLogin.ts';
import { checkStaffCredentials, staffIdForLogin } from '#/server/staff/accounts.ts';
import { StaffLoginForm } from '#/server/staff/forms.ts';
import { presentStaff } from '#/server/staff/present.ts';
import { createStaffSession, destroyStaffSession } from '#/server/staff/sessions.ts';

export const POST = api(async (ctx) => {
  const form = parseWith(StaffLoginForm, await readForm(ctx.request));
  // Throttled like the buyers' login, on counters of their own (staff ids are not account ids).
  const id = await staffIdForLogin(form.login);
  const keys = loginThrottleKeys(id ?? form.login, clientIp(ctx), 'staff');
  const s = await guardLogin(keys, form, '登录名或密码错误', () =>
    checkStaffCredentials(form.login, form.password),
  );
  if (ctx.locals.staffToken) await destroyStaffSession(ctx.locals.staffToken);
  const session = await createStaffSession(s.id);
  setStaffCookie(ctx.cookies, ctx.url, session.token, ctx.request);
  return ok({ staff: presentStaff(s), expires_at: shopIso(session.expiresAt) });
});

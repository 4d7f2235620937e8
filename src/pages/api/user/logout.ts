import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { clearSessionCookie } from '#/server/http/auth.ts';
import { destroySession } from '#/server/sessions.ts';

export const DELETE = api(async ({ locals, cookies }) => {
  if (locals.sessionToken) await destroySession(locals.sessionToken);
  clearSessionCookie(cookies);
  return ok(null);
});

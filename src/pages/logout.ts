import type { APIRoute } from 'astro';
import { clearSessionCookie } from '#/server/http/auth.ts';
import { destroySession } from '#/server/sessions.ts';

// 安全退出 from the header's form: ends the session server-side and goes home.
export const POST: APIRoute = async ({ locals, cookies, redirect }) => {
  if (locals.sessionToken) await destroySession(locals.sessionToken);
  clearSessionCookie(cookies);
  return redirect('/', 303);
};

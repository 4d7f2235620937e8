import type { APIContext, AstroCookies } from 'astro';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, type SessionUser } from '../sessions.ts';
import { contractRequired, forbidden, unauthorized } from './errors.ts';

export function requireUser(ctx: Pick<APIContext, 'locals'>): SessionUser {
  const user = ctx.locals.user;
  if (!user) throw unauthorized();
  return user;
}

export function requireOperator(ctx: Pick<APIContext, 'locals'>): SessionUser {
  const user = requireUser(ctx);
  if (!user.isOperator) throw forbidden();
  return user;
}

export { contractRequired };

export function setSessionCookie(cookies: AstroCookies, url: URL, token: string): void {
  cookies.set(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
}

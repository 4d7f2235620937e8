import type { APIContext, AstroCookies } from 'astro';
import { config } from '#/server/config.ts';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, type SessionUser } from '#/server/sessions.ts';
import { unauthenticated, contractRequired } from '../errors.ts';

export function requireUser(ctx: Pick<APIContext, 'locals'>): SessionUser {
  const user = ctx.locals.user;
  if (!user) throw unauthenticated();
  return user;
}

export { contractRequired };

/** https directly, or behind a trusted reverse proxy (TRUST_PROXY=1) that says X-Forwarded-Proto: https. */
export function isHttps(url: URL, request?: Request): boolean {
  if (url.protocol === 'https:') return true;
  return (
    config.trustProxy &&
    request?.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
  );
}

export function setSessionCookie(
  cookies: AstroCookies,
  url: URL,
  token: string,
  request?: Request,
): void {
  cookies.set(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(url, request),
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
}

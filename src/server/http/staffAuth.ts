import type { APIContext, AstroCookies } from 'astro';
import { forbidden, unauthenticated } from '#/server/errors.ts';
import { hasAnyRole, ROLE_LABEL, type StaffRole } from '#/lib/staffRoles.ts';
import type { StaffActor } from '#/server/staff/audit.ts';
import { STAFF_COOKIE, STAFF_SESSION_ABSOLUTE_MS } from '#/server/staff/sessions.ts';
import { isHttps } from './auth.ts';
import { clientIp } from './clientIp.ts';

/**
 * The staff member behind a back-office call, acting as `role` (or as the first of several roles
 * they hold): 401 without a staff session (a buyer's session is not one), 403 with a Chinese
 * message naming the role(s) when they lack it.
 */
export function requireStaff(
  ctx: Pick<APIContext, 'locals' | 'request' | 'clientAddress'>,
  role: StaffRole | readonly StaffRole[],
): StaffActor {
  const s = ctx.locals.staff;
  if (!s) throw unauthenticated('请先登录后台');
  const wanted = typeof role === 'string' ? [role] : role;
  if (!hasAnyRole(s.roles, wanted))
    throw forbidden(`没有权限：需要「${wanted.map((r) => ROLE_LABEL[r]).join('」或「')}」角色`);
  const actingAs = wanted.find((r) => s.roles.includes(r)) ?? 'admin';
  return { id: s.id, login: s.login, role: actingAs, ip: clientIp(ctx) ?? '' };
}

/** Any signed-in staff member (their own password, the dashboard). */
export function requireAnyStaff(
  ctx: Pick<APIContext, 'locals' | 'request' | 'clientAddress'>,
): StaffActor {
  const s = ctx.locals.staff;
  if (!s) throw unauthenticated('请先登录后台');
  return { id: s.id, login: s.login, role: s.roles[0] ?? 'admin', ip: clientIp(ctx) ?? '' };
}

export function setStaffCookie(cookies: AstroCookies, url: URL, token: string, request: Request) {
  cookies.set(STAFF_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(url, request),
    maxAge: Math.floor(STAFF_SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearStaffCookie(cookies: AstroCookies): void {
  cookies.delete(STAFF_COOKIE, { path: '/' });
}

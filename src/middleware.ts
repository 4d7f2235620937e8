import { defineMiddleware, sequence } from 'astro:middleware';
import { resolvePath } from './lib/routes.ts';
import { readSession, SESSION_COOKIE } from './server/sessions.ts';
import { errorResponse } from './server/http/handler.ts';
import { json } from './server/http/respond.ts';
import { guardRequest } from './server/http/requestGuard.ts';
import { readStaffSession, STAFF_COOKIE } from './server/staff/sessions.ts';
import { SHARED_PAGE_PATH, sharedPage } from './server/pageCache.ts';
import { sharedPageKeys } from './server/sharedPages.ts';
import { logger } from './server/log.ts';
import { isDatabaseUnavailable } from './server/db/client.ts';
import { errorPage } from './server/http/errorPage.ts';

// Paths served outside the route table: the API, built assets, server islands, uploads and well-known files.
const PASSTHROUGH =
  /^\/(api|admin|_astro|_image|_server-islands|uploads|favicon|robots\.txt|images)(\/|\.|$)/;
const BACK_OFFICE = /^\/(api\/)?admin(\/|$)/;

// A page whose render fails answers a page in Chinese (http/errorPage.ts): 503 while the database
// cannot be reached, else 500, logged through the shop's logger, which keeps a failed query's
// parameters out (log.ts). Left to Astro, the answer was Astro's own 500 and the whole error went to
// the console.
const pageErrors = defineMiddleware(async (ctx, next) => {
  if (ctx.url.pathname.startsWith('/api/')) return next();
  try {
    return await next();
  } catch (error) {
    const at = { method: ctx.request.method, path: ctx.url.pathname };
    if (isDatabaseUnavailable(error)) {
      logger.warn('database unavailable', at);
      return errorPage(503);
    }
    logger.error('page failed', { ...at, error });
    return errorPage(500);
  }
});

const guard = defineMiddleware((ctx, next) => guardRequest(ctx.request, ctx.url) ?? next());

// Whatever Astro answers itself under /api (a method the endpoint does not export, a path it
// does not route) is still the API's JSON with a Chinese message.
const apiJsonErrors = defineMiddleware(async (ctx, next) => {
  const res = await next();
  if (!ctx.url.pathname.startsWith('/api/') || res.status < 400) return res;
  if ((res.headers.get('content-type') ?? '').includes('application/json')) return res;
  return json({ message: res.status === 404 ? '接口不存在' : '请求无法处理' }, res.status);
});

// The back office's own session (staff cookie); buyers' sessions are never read there as staff.
const staffSession = defineMiddleware(async (ctx, next) => {
  ctx.locals.staff = null;
  ctx.locals.staffToken = null;
  if (ctx.isPrerendered || !BACK_OFFICE.test(ctx.url.pathname)) return next();
  const token = ctx.cookies.get(STAFF_COOKIE)?.value ?? null;
  ctx.locals.staffToken = token;
  try {
    ctx.locals.staff = await readStaffSession(token ?? undefined);
  } catch (error) {
    if (ctx.url.pathname.startsWith('/api/')) return errorResponse(error, ctx);
    throw error;
  }
  if (ctx.url.pathname.startsWith('/admin')) {
    const path = ctx.url.pathname.replace(/\/$/, '');
    if (!ctx.locals.staff && path !== '/admin/login')
      return ctx.redirect(
        `/admin/login?redirect=${encodeURIComponent(path + ctx.url.search)}`,
        302,
      );
    if (
      ctx.locals.staff?.mustChangePassword &&
      path !== '/admin/password' &&
      path !== '/admin/login'
    )
      return ctx.redirect('/admin/password', 302);
  }
  return next();
});

const session = defineMiddleware(async (ctx, next) => {
  if (ctx.isPrerendered) {
    ctx.locals.user = null;
    ctx.locals.sessionToken = null;
    return next();
  }
  const token = ctx.cookies.get(SESSION_COOKIE)?.value ?? null;
  ctx.locals.sessionToken = token;
  try {
    ctx.locals.user = await readSession(token ?? undefined);
  } catch (error) {
    if (ctx.url.pathname.startsWith('/api/')) return errorResponse(error, ctx);
    throw error;
  }
  return next();
});

const routeTable = defineMiddleware(async (ctx, next) => {
  const { pathname } = ctx.url;
  if (PASSTHROUGH.test(pathname) || ctx.isPrerendered) return next();
  const resolution = resolvePath(pathname);
  switch (resolution.kind) {
    case 'render':
    case 'rewrite': {
      if (resolution.match.def.requiresLogin && !ctx.locals.user) {
        return ctx.redirect(
          `/login?redirect=${encodeURIComponent(pathname + ctx.url.search)}`,
          302,
        );
      }
      if (resolution.kind === 'render') return next();
      // A prerendered page exists only as static HTML: send other spellings to it.
      if (resolution.match.def.prerendered)
        return ctx.redirect(resolution.to + ctx.url.search, 302);
      return next(resolution.to + ctx.url.search);
    }
    case 'redirect': {
      const target = /^https?:/.test(resolution.to)
        ? resolution.to
        : resolution.to + ctx.url.search;
      return ctx.redirect(target, resolution.status);
    }
    case 'not_found':
      return ctx.redirect('/404', 302);
  }
});

// Pages many readers share (server/pageCache.ts): the route table passes them as they are.
const sharedPages = defineMiddleware(async (ctx, next) => {
  if (ctx.request.method !== 'GET' || !SHARED_PAGE_PATH.test(ctx.url.pathname)) return next();
  return sharedPage(ctx, await sharedPageKeys(ctx.locals.user, ctx.url), next);
});

export const onRequest = sequence(
  pageErrors,
  apiJsonErrors,
  guard,
  staffSession,
  session,
  sharedPages,
  routeTable,
);

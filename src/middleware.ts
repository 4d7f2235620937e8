import { defineMiddleware, sequence } from 'astro:middleware';
import { resolvePath } from './lib/routes.ts';
import { readSession, SESSION_COOKIE } from './server/sessions.ts';
import { errorResponse } from './server/http/handler.ts';
import { peekSharedPage, publishSharedPageLookup, SHARED_PAGE_PATH, sharedPage } from './server/pageCache.ts';
import { sharedPageKey } from './server/sharedPages.ts';

// Paths served outside the route table: the API, built assets, server islands, uploads and well-known files.
const PASSTHROUGH = /^\/(api|_astro|_image|_server-islands|uploads|favicon|robots\.txt|images)(\/|\.|$)/;

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
        return ctx.redirect(`/login?redirect=${encodeURIComponent(pathname + ctx.url.search)}`, 302);
      }
      if (resolution.kind === 'render') return next();
      // A prerendered page exists only as static HTML: send other spellings to it.
      if (resolution.match.def.prerendered) return ctx.redirect(resolution.to + ctx.url.search, 302);
      return next(resolution.to + ctx.url.search);
    }
    case 'redirect': {
      const target = /^https?:/.test(resolution.to) ? resolution.to : resolution.to + ctx.url.search;
      return ctx.redirect(target, resolution.status);
    }
    case 'not_found':
      return ctx.redirect('/404', 302);
  }
});

// Pages many readers share (server/pageCache.ts): the route table passes them as they are.
const sharedPages = defineMiddleware(async (ctx, next) => {
  if (ctx.request.method !== 'GET' || !SHARED_PAGE_PATH.test(ctx.url.pathname)) return next();
  const key = await sharedPageKey(ctx.locals.user, ctx.url);
  return key ? sharedPage(ctx, key, next) : next();
});

// The node:http server answers fresh shared pages before Astro through this (src/server/fastPath.ts).
publishSharedPageLookup(async (token, url) => {
  const user = await readSession(token);
  const key = await sharedPageKey(user, url);
  return key ? peekSharedPage(key, user?.companyName ?? null) : null;
});

export const onRequest = sequence(session, sharedPages, routeTable);

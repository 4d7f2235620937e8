import type { MiddlewareHandler } from 'astro';

/**
 * Micro-cache for pages that are the same for every visitor (the home page): rendered at most
 * once per TTL per process and served as a string meanwhile. Members, query strings and other
 * methods always render. The server time on <body data-server-time> is refreshed per answer, so
 * the clock store never starts from a stale time.
 */
export const VISITOR_CACHED_PATHS: ReadonlySet<string> = new Set(['/']);
const TTL_MS = 2000;

type Cached = { status: number; headers: [string, string][]; body: string };
interface Entry { at: number; page: Promise<Cached | null>; done?: Cached }
// On globalThis so the node:http fast path (scripts/start.mjs, a separate module copy) serves
// the same entries without entering Astro.
const slot = globalThis as unknown as { __yaopiPageCache?: Map<string, Entry> };
const entries = (slot.__yaopiPageCache ??= new Map<string, Entry>());

/** A fresh cached visitor page for `pathname`, or null (then Astro renders and caches it). */
export function freshVisitorPage(pathname: string, now = Date.now()): Cached | null {
  const entry = entries.get(pathname);
  return entry?.done && now - entry.at <= TTL_MS ? entry.done : null;
}

const SERVER_TIME = /data-server-time="[^"]*"/;

export function withFreshServerTime(html: string, now = new Date()): string {
  return html.replace(SERVER_TIME, `data-server-time="${now.toISOString()}"`);
}

const serve = (c: Cached) => new Response(withFreshServerTime(c.body), { status: c.status, headers: c.headers });

export const visitorPageCache: MiddlewareHandler = async (ctx, next) => {
  const { request, url } = ctx;
  if (request.method !== 'GET' || url.search || !VISITOR_CACHED_PATHS.has(url.pathname) || ctx.locals.user || ctx.locals.sessionToken) {
    return next();
  }
  const entry = entries.get(url.pathname);
  if (entry && Date.now() - entry.at <= TTL_MS) {
    const cached = await entry.page.catch(() => null);
    return cached ? serve(cached) : next();
  }
  // This request renders; visitors arriving meanwhile wait for its result instead of rendering too.
  let settle: (c: Cached | null) => void = () => {};
  const fresh: Entry = { at: Date.now(), page: new Promise((r) => (settle = r)) };
  entries.set(url.pathname, fresh);
  try {
    const res = await next();
    const cacheable = res.status === 200 && (res.headers.get('content-type') ?? '').includes('text/html') && !res.headers.has('set-cookie');
    if (!cacheable) {
      entries.delete(url.pathname);
      settle(null);
      return res;
    }
    const cached = { status: res.status, headers: [...res.headers].filter(([k]) => k !== 'content-length'), body: await res.text() };
    fresh.done = cached;
    settle(cached);
    return serve(cached);
  } catch (error) {
    entries.delete(url.pathname);
    settle(null);
    throw error;
  }
};

import type { MiddlewareHandler } from 'astro';

/**
 * Micro-cache for pages that are the same for every visitor (the home page): rendered at most
 * once per TTL per process and served as a string meanwhile. Members, query strings and other
 * methods always render. The server time on <body data-server-time> is refreshed per answer, so
 * the clock store never starts from a stale time.
 */
export const VISITOR_CACHED_PATHS: ReadonlySet<string> = new Set(['/']);
const TTL_MS = 2000;

export type Cached = { status: number; headers: [string, string][]; body: string };
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

// ── Catalogue pages shared by a buyer segment ───────────────────────────────────────────────────
//
// A goods list, search result or detail page is the same for every buyer of one segment
// (eligibility.buyerSegment: what the purchase rules read of the company) apart from the store's
// name in the top bar, and, on the detail page, whether the goods is a favourite (which the page
// puts in its key). Such a page is rendered at most once per SHARED_TTL_MS per key and process and
// served meanwhile with the reader's own store name; that is how list and detail pages stay within
// their p95 target while PGlite and rendering share one thread. The data in it may then be
// SHARED_TTL_MS older than the goods snapshots it was rendered from (lists may be 5 s old, SPEC 7);
// this process forgets every shared page when it changes stock (goodsSnapshots.forgetGoods).
/** The catalogue pages buyers of one segment share (their .astro pages call catalog.sharedCatalogPage). */
export const SHARED_CATALOG_PATH = /^\/(list(\/table|\/no_image|\/info\/\d{1,9})?|search(\/table)?|yx(\/table)?|zyyp|qxzq)$/;
const SHARED_TTL_MS = 2000;
// While one request renders a page anew, the others get the previous copy if it is this young.
const SHARED_STALE_MS = 4000;
const SHARED_MAX = 300;
// A render that takes longer than this no longer holds back others asking for the same page.
const RENDER_WAIT_MS = 5000;

interface SharedEntry {
  done?: { at: number; page: Cached };
  rendering?: { since: number; page: Promise<Cached | null> };
}
const sharedSlot = globalThis as unknown as { __yaopiSharedPages?: Map<string, SharedEntry> };
const shared = (sharedSlot.__yaopiSharedPages ??= new Map<string, SharedEntry>());

const COMPANY_NAME = /(data-testid="company-name">)[^<]*(<\/a>)/;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const timeout = (ms: number) => new Promise<null>((r) => setTimeout(r, ms));

/** A shared page as this reader gets it: the current server time, the reader's own store name. */
function personalised(c: Cached, companyName: string | null): Cached {
  let body = withFreshServerTime(c.body);
  if (companyName !== null) body = body.replace(COMPANY_NAME, (_m, open: string, close: string) => open + escapeHtml(companyName) + close);
  return { ...c, body };
}

function serveShared(c: Cached, companyName: string | null): Response {
  const p = personalised(c, companyName);
  return new Response(p.body, { status: p.status, headers: p.headers });
}

/** The shared page for `key` if one may be served now without rendering or waiting, else null. */
export function peekSharedPage(key: string, companyName: string | null): Cached | null {
  const entry = shared.get(key);
  if (!entry?.done) return null;
  const age = Date.now() - entry.done.at;
  const servable = age <= SHARED_TTL_MS || (entry.rendering !== undefined && age <= SHARED_STALE_MS);
  return servable ? personalised(entry.done.page, companyName) : null;
}

// The node:http server (scripts/start.mjs) holds its own copies of our modules; the copy inside
// Astro's build publishes here how it finds a reader's shared page, so both use one state.
type SharedLookup = (sessionToken: string | undefined, url: URL) => Promise<Cached | null>;
const lookupSlot = globalThis as unknown as { __yaopiSharedLookup?: SharedLookup };

export function publishSharedPageLookup(lookup: SharedLookup): void {
  lookupSlot.__yaopiSharedLookup = lookup;
}

export function sharedPageLookup(): SharedLookup | undefined {
  return lookupSlot.__yaopiSharedLookup;
}

export function forgetSharedPages(): void {
  shared.clear();
}

/**
 * The shared page for `key` when one is fresh, else null: the caller renders, and sharedPageCache
 * stores what it rendered. While that render runs, others asking get the previous copy when it is
 * younger than SHARED_STALE_MS, or wait for the render.
 */
export async function sharedPage(ctx: { request: Request; locals: App.Locals }, key: string): Promise<Response | null> {
  if (ctx.request.method !== 'GET') return null;
  const companyName = ctx.locals.user?.companyName ?? null;
  const now = Date.now();
  let entry = shared.get(key);
  if (entry?.done && now - entry.done.at <= SHARED_TTL_MS) return serveShared(entry.done.page, companyName);
  const rendering = entry?.rendering;
  if (rendering && now - rendering.since <= RENDER_WAIT_MS) {
    if (entry?.done && now - entry.done.at <= SHARED_STALE_MS) return serveShared(entry.done.page, companyName);
    const page = await Promise.race([rendering.page, timeout(rendering.since + RENDER_WAIT_MS - now)]);
    if (page) return serveShared(page, companyName);
  }
  if (!entry) {
    if (shared.size >= SHARED_MAX) {
      for (const [k, e] of shared) if (!e.rendering && (!e.done || now - e.done.at > SHARED_STALE_MS)) shared.delete(k);
      if (shared.size >= SHARED_MAX) shared.delete(shared.keys().next().value!);
    }
    entry = {};
    shared.set(key, entry);
  }
  const mine = entry;
  let settle: (c: Cached | null) => void = () => {};
  const job = { since: now, page: new Promise<Cached | null>((r) => (settle = r)) };
  mine.rendering = job;
  ctx.locals.sharedPageSettle = (c) => {
    if (mine.rendering === job) delete mine.rendering;
    if (c) mine.done = { at: now, page: c };
    settle(c);
  };
  return null;
}

/** Stores what a page that asked sharedPage() rendered (only a plain 200 HTML answer). */
export const sharedPageCache: MiddlewareHandler = async (ctx, next) => {
  let res: Response;
  try {
    res = await next();
  } catch (error) {
    ctx.locals.sharedPageSettle?.(null);
    throw error;
  }
  const settle = ctx.locals.sharedPageSettle;
  if (!settle) return res;
  const cacheable = res.status === 200 && (res.headers.get('content-type') ?? '').includes('text/html') && !res.headers.has('set-cookie');
  if (!cacheable) {
    settle(null);
    return res;
  }
  const cached = { status: res.status, headers: [...res.headers].filter(([k]) => k !== 'content-length'), body: await res.text() };
  settle(cached);
  return new Response(cached.body, { status: cached.status, headers: cached.headers });
};

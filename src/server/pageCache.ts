// Pages shared by many readers, rendered at most once per SHARED_TTL_MS per key and process and
// served as a copy meanwhile:
//   - the home page, goods lists, search results and the detail page, per buyer segment
//     (eligibility.buyerSegment: what the purchase rules read of the store);
//   - the cart's screen, whose lines the page's island loads for its reader (/api/cart/list): its
//     render is the layout and a loading line, the same for every member who may see prices.
// Apart from the store's name (reader slots, lib/readerSlots.ts, filled by pageTemplate.ts) such a
// page is the same for all its readers; what else of a reader a page shows goes into its key
// (sharedPages.sharedPageKeys).
// The data in a page may be SHARED_TTL_MS older than what it was rendered from (lists may be 5 s
// old, SPEC 7); this process forgets every shared page when it changes stock
// (cache.invalidate). The server time on <body data-server-time> is refreshed per answer,
// so the clock store never starts from a stale time.
// A copy is kept only of a page asked for more than once (askedOnce): a buyer paging through the
// catalogue or opening goods after goods asks for pages nobody asks again, and keeping those (up
// to SHARED_MAX of ~110 KB each) only cost memory and collections.
// The last render of each goods list (its filters, for one key but the page asked) and of the
// detail page (per segment, for any goods) is also kept a while, so another page of that list or
// another goods is filled into it rather than rendered (filledPages.ts).
import type { APIContext, MiddlewareNext } from 'astro';
import { escapeHtml } from '#/lib/html.ts';
import { type ReaderSlot, readerSlotTexts } from '#/lib/readerSlots.ts';
import { registerCache, tag } from './cache.ts';
import type { PageFillSource } from './filledPages.ts';
import {
  fillPage,
  type PageFill,
  type PageTemplate,
  pageParts,
  pageTemplate,
} from './pageTemplate.ts';

type Cached = { status: number; headers: [string, string][]; page: PageTemplate };

/**
 * A page as one reader gets it: its bytes are `parts` one after the other; `source` says whether
 * it is a shared copy or another page filled into one (the x-shared-page header).
 */
export type Served = {
  status: number;
  headers: [string, string][];
  parts: Buffer[];
  source: 'copy' | 'filled';
};

/**
 * Shared page keys: the page's own, and for a goods list or a detail page the key of the copy
 * another page of its kind may be filled into (the list's other pages, other goods).
 */
export type SharedKeys = { page: string; fill: string | null };

/** The paths whose pages may be shared (sharedPages.sharedPageKeys says for whom). */
export const SHARED_PAGE_PATH =
  /^\/(list(\/table|\/no_image|\/info\/\d{1,9})?|search(\/table)?|yx(\/table)?|zyyp|qxzq|cart)?$/;

const SHARED_TTL_MS = 2000;
// While one request renders a page anew, the others get the previous copy if it is this young.
const SHARED_STALE_MS = 4000;
const SHARED_MAX = 300;
// A render that takes longer than this no longer holds back others asking for the same page.
const RENDER_WAIT_MS = 5000;
// How many keys asked for once are remembered, so that the next ask of one keeps its copy.
const ASKED_MAX = 4000;

interface SharedEntry {
  done?: { at: number; page: Cached };
  /** `wanted`: another reader waited for this render, so its copy is kept */
  rendering?: { since: number; page: Promise<Cached | null>; wanted: boolean };
}
const shared = new Map<string, SharedEntry>();
/** A list's or a detail page's last render (kept `at`), with what its fill needs to know. */
export type FillCopy = { at: number; page: Cached; fill: PageFillSource };
/** By SharedKeys.fill. */
const fillable = new Map<string, FillCopy>();
// Keys rendered once whose copy was not kept, oldest first.
const askedOnce = new Set<string>();

/** Whether `key` was asked for before (then forgotten here); else remembers it. */
function askedBefore(key: string): boolean {
  if (askedOnce.delete(key)) return true;
  if (askedOnce.size >= ASKED_MAX) askedOnce.delete(askedOnce.values().next().value!);
  askedOnce.add(key);
  return false;
}

const timeout = (ms: number) => new Promise<null>((r) => setTimeout(r, ms));

/** Who reads a shared page: a member (whose slots the page fills) or null for a visitor. */
type Reader = { companyName: string } | null;

/** What a shared page gets for this reader: the current server time, the reader's own slots. */
function fillsFor(reader: Reader): Partial<Record<PageFill, string>> {
  const values: Partial<Record<PageFill, string>> = { serverTime: new Date().toISOString() };
  if (reader)
    for (const [slot, text] of Object.entries(readerSlotTexts(reader)))
      values[slot as ReaderSlot] = escapeHtml(text);
  return values;
}

function respond(c: Cached, reader: Reader): Response {
  return new Response(fillPage(c.page, fillsFor(reader)), { status: c.status, headers: c.headers });
}

/** The shared page for `key` if one may be served now without rendering or waiting, else null. */
export function peekSharedPage(key: string, reader: Reader): Served | null {
  const entry = shared.get(key);
  if (!entry?.done) return null;
  const age = Date.now() - entry.done.at;
  const servable =
    age <= SHARED_TTL_MS || (entry.rendering !== undefined && age <= SHARED_STALE_MS);
  if (!servable) return null;
  const { status, headers, page } = entry.done.page;
  return { status, headers, parts: pageParts(page, fillsFor(reader)), source: 'copy' };
}

/** The last render kept under `fillKey` if young enough to fill another page into, else null. */
export function peekFillCopy(fillKey: string): FillCopy | null {
  const copy = fillable.get(fillKey);
  return copy && Date.now() - copy.at <= SHARED_TTL_MS ? copy : null;
}

/** `copy` for this reader with its regions replaced by another page's. */
export function filledCopy(
  copy: Pick<FillCopy, 'page'>,
  reader: Reader,
  regions: Partial<Record<PageFill, string>>,
): Served {
  const { status, headers, page } = copy.page;
  const parts = pageParts(page, { ...fillsFor(reader), ...regions });
  return { status, headers, parts, source: 'filled' };
}

// A shared page shows many goods and the site's content: any change to either drops every copy.
registerCache({
  name: 'sharedPages',
  dropTagged(tags) {
    if (tags.has(tag.anyGoods) || tags.has(tag.content)) {
      shared.clear();
      fillable.clear();
    }
  },
  clear: () => {
    shared.clear();
    fillable.clear();
    askedOnce.clear();
  },
});

const cacheable = (res: Response) =>
  res.status === 200 &&
  (res.headers.get('content-type') ?? '').includes('text/html') &&
  !res.headers.has('set-cookie');

/**
 * The page for `keys.page`: a fresh shared copy; else, while another request renders it, the
 * previous copy when younger than SHARED_STALE_MS, or that render's result; else rendered here
 * (`next`) and kept when it is a plain 200 HTML answer that was asked for before or waited for.
 * A list or detail page's render is also kept as the copy others fill into when the page says
 * it may be filled (Astro.locals.pageFill).
 */
export async function sharedPage(
  ctx: Pick<APIContext, 'request' | 'locals'>,
  keys: SharedKeys,
  next: MiddlewareNext,
): Promise<Response> {
  const key = keys.page;
  if (ctx.request.method !== 'GET') return next();
  const reader = ctx.locals.user;
  const now = Date.now();
  let entry = shared.get(key);
  if (entry?.done && now - entry.done.at <= SHARED_TTL_MS) return respond(entry.done.page, reader);
  const rendering = entry?.rendering;
  if (rendering && now - rendering.since <= RENDER_WAIT_MS) {
    if (entry?.done && now - entry.done.at <= SHARED_STALE_MS)
      return respond(entry.done.page, reader);
    rendering.wanted = true;
    const page = await Promise.race([
      rendering.page,
      timeout(rendering.since + RENDER_WAIT_MS - now),
    ]);
    if (page) return respond(page, reader);
  }
  if (!entry) {
    if (shared.size >= SHARED_MAX) {
      for (const [k, e] of shared)
        if (!e.rendering && (!e.done || now - e.done.at > SHARED_STALE_MS)) shared.delete(k);
      if (shared.size >= SHARED_MAX) shared.delete(shared.keys().next().value!);
    }
    entry = {};
    shared.set(key, entry);
  }
  const mine = entry;
  // A page asked for before, or renewed, is kept; a first ask only if another reader waits for it.
  const keep = mine.done !== undefined || askedBefore(key);
  let settle: (c: Cached | null) => void = () => {};
  const job = {
    since: now,
    page: new Promise<Cached | null>((r) => (settle = r)),
    wanted: false,
  };
  mine.rendering = job;
  const finish = (c: Cached | null) => {
    if (mine.rendering === job) delete mine.rendering;
    if (c && (keep || job.wanted)) mine.done = { at: now, page: c };
    if (!mine.done && !mine.rendering && shared.get(key) === mine) shared.delete(key);
    settle(c);
  };
  let res: Response;
  try {
    res = await next();
  } catch (error) {
    finish(null);
    throw error;
  }
  const fill = keys.fill && !peekFillCopy(keys.fill) ? ctx.locals.pageFill : undefined;
  // A copy nobody keeps is not read here: the answer goes out as rendered, without a copy of its
  // bytes (~110 KB outside the JS heap per page, freed only by the next collection).
  if (!cacheable(res) || !(keep || job.wanted || fill)) {
    finish(null);
    return res;
  }
  const bytes = Buffer.from(await res.arrayBuffer());
  const page: Cached = {
    status: res.status,
    headers: [...res.headers].filter(([k]) => k !== 'content-length'),
    page: pageTemplate(bytes),
  };
  finish(page);
  if (fill && keys.fill) keepFillCopy(keys.fill, { at: now, page, fill });
  return new Response(bytes, { status: page.status, headers: page.headers });
}

/** Keeps `copy` under `fillKey`; the map is in the order kept, so the stale ones are at its front. */
function keepFillCopy(fillKey: string, copy: FillCopy): void {
  fillable.delete(fillKey);
  for (const [k, c] of fillable) {
    if (copy.at - c.at <= SHARED_TTL_MS && fillable.size < SHARED_MAX) break;
    fillable.delete(k);
  }
  fillable.set(fillKey, copy);
}

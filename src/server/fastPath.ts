import type { IncomingMessage, ServerResponse } from 'node:http';
import { headerCommonJson } from './header.ts';
import { filledPage } from './filledPages.ts';
import { peekSharedPage, SHARED_PAGE_PATH } from './pageCache.ts';
import { readSession, SESSION_COOKIE } from './sessions.ts';
import { sharedPageKeys } from './sharedPages.ts';

const PATH = '/api/focus/common';

const SESSION_TOKEN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`);

/**
 * Answers before Astro (see serve.ts) what is already in memory: GET /api/focus/common
 * (same body and headers as the Astro endpoint, which answers in dev; a failure answers 500 like
 * `api()`), a fresh page shared by the reader's segment (pageCache.sharedPage) and another page of
 * a list or another goods' detail page whose kind has a fresh copy, filled into it
 * (filledPages.ts). Returns false,
 * or a promise of false, to let Astro handle the request.
 */
export function fastPath(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
  if (req.method !== 'GET' || !req.url) return false;
  if (req.url === PATH || req.url.startsWith(`${PATH}?`)) return common(res);
  const q = req.url.indexOf('?');
  if (SHARED_PAGE_PATH.test(q < 0 ? req.url : req.url.slice(0, q))) return sharedPage(req, res);
  return false;
}

async function sharedPage(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  // Session tokens are base64url: anything else is no session of ours, as in Astro's middleware.
  const token = SESSION_TOKEN.exec(req.headers.cookie ?? '')?.[1];
  const user = await readSession(token && /^[\w-]+$/.test(token) ? token : undefined);
  const url = new URL(req.url!, 'http://shop.local');
  const keys = await sharedPageKeys(user, url);
  const page =
    peekSharedPage(keys.page, user) ??
    (keys.fill === null ? null : await filledPage(keys.fill, url, user));
  if (!page) return false;
  // The page's pieces go out one after the other, corked into one write: no copy of the page is
  // made per answer (a ~110 KB buffer each, outside the JS heap, that only a collection frees).
  let length = 0;
  for (const part of page.parts) length += part.length;
  res.writeHead(page.status, {
    ...Object.fromEntries(page.headers),
    'content-length': length,
    'x-shared-page': page.source,
  });
  res.cork();
  for (const part of page.parts) res.write(part);
  res.end();
  return true;
}

function common(res: ServerResponse): boolean {
  headerCommonJson().then(
    (body) => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    },
    (error: unknown) => {
      console.error('[yaopi] common fast path failed', error);
      res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ message: '系统繁忙，请稍后再试' }));
    },
  );
  return true;
}

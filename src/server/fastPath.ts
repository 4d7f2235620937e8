import type { IncomingMessage, ServerResponse } from 'node:http';
import { headerCommonJson } from './header.ts';
import { freshVisitorPage, VISITOR_CACHED_PATHS, withFreshServerTime } from './pageCache.ts';
import { SESSION_COOKIE } from './sessions.ts';

const PATH = '/api/focus/common';

/**
 * Answers before Astro (see scripts/start.mjs) what is the same for everyone and already in
 * memory: GET /api/focus/common (same body and headers as the Astro endpoint, which answers in
 * dev; a failure answers 500 like `api()`) and a cached visitor page. Returns false to let Astro
 * handle the request.
 */
export function fastPath(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' || !req.url) return false;
  if (req.url === PATH || req.url.startsWith(`${PATH}?`)) return common(res);
  if (VISITOR_CACHED_PATHS.has(req.url) && !req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return visitorPage(req.url, res);
  return false;
}

/** A visitor page the Astro middleware cached a moment ago (src/server/pageCache.ts). */
function visitorPage(pathname: string, res: ServerResponse): boolean {
  const page = freshVisitorPage(pathname);
  if (!page) return false;
  res.writeHead(page.status, Object.fromEntries(page.headers));
  res.end(withFreshServerTime(page.body));
  return true;
}

function common(res: ServerResponse): boolean {
  headerCommonJson().then(
    (body) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
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

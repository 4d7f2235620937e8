import type { IncomingMessage, ServerResponse } from 'node:http';
import { headerCommonJson } from './header.ts';

const PATH = '/api/focus/common';

/**
 * GET /api/focus/common straight from the in-process cache, before Astro (see scripts/start.mjs).
 * Same body and headers as the Astro endpoint (which answers in dev); a failure answers 500 like `api()`.
 * Returns false when the request is not this call.
 */
export function commonFastPath(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' || (req.url !== PATH && !req.url?.startsWith(`${PATH}?`))) return false;
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

// Checks every request gets before any page or endpoint runs: where it comes from (our own
// cross-site check instead of Astro's, which answers in English plain text and cannot exempt the
// payment providers' notifications) and whether its query string is text at all.
import { isPlainText } from './form.ts';
import { json } from './respond.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Server-to-server calls: a provider's signature is their proof, they send no Origin.
const NO_ORIGIN_NEEDED = /^\/api\/pay\/notify\//;
// The request kinds a page on another site can send without a CORS preflight.
const SIMPLE_BODY = /^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;

const CROSS_SITE = '请求来源不合法，请在本站页面中操作';
const BAD_QUERY = '请求地址包含无法识别的字符';

/** Whether an unsafe request was sent by a page of another site (Astro's checkOrigin rule). */
export function isCrossSite(request: Request, url: URL): boolean {
  if (!UNSAFE_METHODS.has(request.method) || NO_ORIGIN_NEEDED.test(url.pathname)) return false;
  const origin = request.headers.get('origin');
  if (origin !== null) return origin !== url.origin;
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site !== 'same-origin';
  const type = request.headers.get('content-type');
  return type === null || SIMPLE_BODY.test(type.trim());
}

function hasHostileQuery(url: URL): boolean {
  for (const [k, v] of url.searchParams) if (!isPlainText(k) || !isPlainText(v)) return true;
  return false;
}

function refusal(url: URL, status: number, message: string): Response {
  if (url.pathname.startsWith('/api/')) return json({ message }, status);
  return new Response(
    `<!doctype html><meta charset="utf-8"><title>${message}</title><p>${message}</p>`,
    {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    },
  );
}

/** The answer refusing this request, or null when it may go on. */
export function guardRequest(request: Request, url: URL): Response | null {
  if (isCrossSite(request, url)) return refusal(url, 403, CROSS_SITE);
  // Endpoints name the offending field themselves (http/form.ts); pages read the query directly.
  if (!url.pathname.startsWith('/api/') && hasHostileQuery(url))
    return refusal(url, 400, BAD_QUERY);
  return null;
}

import type { APIContext } from 'astro';
import { forbidden } from '../errors.ts';

/**
 * For a GET that changes state (the spec's GET /api/draw): Astro's origin check only guards
 * POST/PUT/DELETE, so refuse anything a browser marks cross-site, and require that the request
 * names our origin (Sec-Fetch-Site, else Origin, else Referer). A plain link or an <img> on
 * another site can then never spend a member's chance.
 */
export function requireSameOrigin(ctx: Pick<APIContext, 'request' | 'url'>): void {
  const h = ctx.request.headers;
  const site = h.get('sec-fetch-site');
  if (site !== null) {
    if (site === 'same-origin') return;
    throw forbidden('请求来源不合法');
  }
  const origin = h.get('origin') ?? refererOrigin(h.get('referer'));
  if (origin !== ctx.url.origin) throw forbidden('请求来源不合法');
}

function refererOrigin(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

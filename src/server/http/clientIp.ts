import type { APIContext } from 'astro';
import { config } from '#/server/config.ts';

// Behind a reverse proxy (TRUST_PROXY=1) the client is the last X-Forwarded-For hop the proxy
// appended; otherwise it is the socket's address. Never trust the header without the flag.
export function clientIp(ctx: Pick<APIContext, 'request' | 'clientAddress'>): string | null {
  if (config.trustProxy) {
    const hops = (ctx.request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const last = hops.at(-1);
    if (last && last.length <= 64) return last;
  }
  try {
    return ctx.clientAddress || null;
  } catch {
    return null;
  }
}

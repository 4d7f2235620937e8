import type { APIContext } from 'astro';

// Behind a reverse proxy (TRUST_PROXY=1) the client is the last X-Forwarded-For hop the proxy
// appended; otherwise it is the socket's address. Never trust the header without the flag.
export function clientIp(ctx: Pick<APIContext, 'request' | 'clientAddress'>): string | null {
  if (process.env['TRUST_PROXY'] === '1') {
    const hops = (ctx.request.headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const last = hops.at(-1);
    if (last && last.length <= 64) return last;
  }
  try {
    return ctx.clientAddress || null;
  } catch {
    return null;
  }
}

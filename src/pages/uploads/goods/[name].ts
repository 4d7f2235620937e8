import type { APIRoute } from 'astro';
import { goodsImageFile } from '#/server/goodsDesk/images.ts';

// Goods photos are public and their names come from their content: cached for a year, immutable.
export const GET: APIRoute = async ({ params }) => {
  const file = await goodsImageFile(params['name'] ?? '');
  if (!file)
    return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.type,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
};

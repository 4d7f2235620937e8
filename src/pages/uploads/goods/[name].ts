import type { APIRoute } from 'astro';
import { publicImageResponse } from '#/server/publicImages.ts';

// Goods photos are public and their names come from their content: cached for a year, immutable.
export const GET: APIRoute = ({ params }) => publicImageResponse('goods', params['name'] ?? '');

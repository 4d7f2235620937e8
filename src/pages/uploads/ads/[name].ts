import type { APIRoute } from 'astro';
import { publicImageResponse } from '#/server/publicImages.ts';

// Ad pictures are public and their names come from their content: cached for a year, immutable.
export const GET: APIRoute = ({ params }) => publicImageResponse('ads', params['name'] ?? '');

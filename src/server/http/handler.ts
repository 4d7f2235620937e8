import type { APIContext, APIRoute } from 'astro';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { HttpError } from './errors.ts';
import { json } from './respond.ts';
import { validationError } from './validate.ts';
import { logger } from '../log.ts';

export const SERVER_BUSY = '系统繁忙，请稍后再试';

/** Maps anything thrown inside an endpoint to the spec's answers; only real faults become 500. */
export function errorResponse(error: unknown, ctx: Pick<APIContext, 'request' | 'url'>): Response {
  if (error instanceof HttpError) {
    return json({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) }, error.status);
  }
  if (error instanceof z.ZodError) {
    const e = validationError(error);
    return json({ message: e.message, errors: e.errors }, 422);
  }
  const requestId = randomUUID();
  logger.error('request failed', { requestId, method: ctx.request.method, path: ctx.url.pathname, error });
  return json({ message: SERVER_BUSY, request_id: requestId }, 500);
}

export function api(handler: (ctx: APIContext) => Promise<Response> | Response): APIRoute {
  return async (ctx) => {
    try {
      return await handler(ctx);
    } catch (error) {
      return errorResponse(error, ctx);
    }
  };
}

import type { APIContext, APIRoute } from 'astro';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '../errors.ts';
import { STATUS_OF } from './errors.ts';
import { json } from './respond.ts';
import { validationError } from './validate.ts';
import { logger } from '#/server/log.ts';
import { isDatabaseUnavailable } from '#/server/db/client.ts';

export const SERVER_BUSY = '系统繁忙，请稍后再试';
export const DATABASE_AWAY = '系统维护中，请稍后再试';

/** Maps anything thrown inside an endpoint to the spec's answers; only real faults become 500. */
export function errorResponse(error: unknown, ctx: Pick<APIContext, 'request' | 'url'>): Response {
  if (error instanceof DomainError) {
    return json(
      { message: error.message, ...(error.fields ? { errors: error.fields } : {}) },
      STATUS_OF[error.code],
    );
  }
  if (error instanceof z.ZodError) {
    const e = validationError(error);
    return json({ message: e.message, errors: e.fields }, 422);
  }
  if (isDatabaseUnavailable(error)) {
    logger.warn('database unavailable', { method: ctx.request.method, path: ctx.url.pathname });
    return json({ message: DATABASE_AWAY }, 503, { 'retry-after': '5' });
  }
  const requestId = randomUUID();
  logger.error('request failed', {
    requestId,
    method: ctx.request.method,
    path: ctx.url.pathname,
    error,
  });
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

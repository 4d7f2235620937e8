import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { drawSimple } from '#/server/draw.ts';

export const GET = api(async (ctx) => ok(await drawSimple(ctx.locals.user ?? null)));

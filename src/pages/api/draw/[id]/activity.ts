import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { drawActivity } from '#/server/draw.ts';

export const GET = api(async (ctx) =>
  ok(await drawActivity(parseWith(idParam, ctx.params['id']), ctx.locals.user ?? null)),
);

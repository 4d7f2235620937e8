import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { activityDetail } from '#/server/draw/activities.ts';
import { presentActivity } from '#/server/draw/present.ts';

export const GET = api(async (ctx) =>
  ok(
    presentActivity(
      await activityDetail(parseWith(idParam, ctx.params['id']), ctx.locals.user ?? null),
    ),
  ),
);

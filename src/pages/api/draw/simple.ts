import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { currentPopup, hasJoined } from '#/server/draw/activities.ts';
import { presentPopup } from '#/server/draw/present.ts';

export const GET = api(async (ctx) => {
  const user = ctx.locals.user ?? null;
  const a = await currentPopup();
  return ok(presentPopup(a, !a || !user || (await hasJoined(a.id, user.companyId))));
});

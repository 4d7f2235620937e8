import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { endDrawActivity } from '#/server/draw/desk.ts';

/** Ends a lucky-draw activity now. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  await endDrawActivity(id, actor);
  return ok({ id });
});

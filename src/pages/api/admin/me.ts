import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireAnyStaff } from '#/server/http/staffAuth.ts';
import { presentStaff } from '#/server/staff/present.ts';

export const GET = api((ctx) => {
  requireAnyStaff(ctx);
  return ok(presentStaff(ctx.locals.staff!));
});

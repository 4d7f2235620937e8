import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { clearStaffCookie } from '#/server/http/staffAuth.ts';
import { destroyStaffSession } from '#/server/staff/sessions.ts';

export const DELETE = api(async (ctx) => {
  if (ctx.locals.staffToken) await destroyStaffSession(ctx.locals.staffToken);
  clearStaffCookie(ctx.cookies);
  return ok(null);
});
export const POST = DELETE;

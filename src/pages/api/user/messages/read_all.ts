import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { markAllRead } from '#/server/members/messages.ts';

export const POST = api(async (ctx) => {
  await markAllRead(requireUser(ctx).accountId);
  return ok(null);
});

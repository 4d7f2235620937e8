import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { createBindCode } from '#/server/members/wechat.ts';

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  return ok(await createBindCode(user.accountId, ctx.url.origin));
});

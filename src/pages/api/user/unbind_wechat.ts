import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { unbindWechat } from '#/server/members/wechat.ts';

export const DELETE = api(async (ctx) => {
  await unbindWechat(requireUser(ctx).accountId);
  return ok({ wechat: false });
});

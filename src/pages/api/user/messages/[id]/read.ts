import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { notFound } from '#/server/errors.ts';
import { markRead } from '#/server/members/messages.ts';

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const id = idParam.safeParse(ctx.params['id']);
  if (!id.success) throw notFound('消息不存在');
  await markRead(user.accountId, id.data);
  return ok(null);
});

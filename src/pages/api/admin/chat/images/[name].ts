import { chatImage } from '#/server/chat/messages.ts';
import { notFound } from '#/server/errors.ts';
import { api } from '#/server/http/handler.ts';
import { privateFile } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';

/** A picture of any conversation, for the service desk. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, 'service');
  const file = await chatImage(ctx.params['name'] ?? '', undefined);
  if (!file) throw notFound('图片不存在');
  return privateFile(file);
});

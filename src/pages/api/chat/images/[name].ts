import { eq } from 'drizzle-orm';
import { requireChat } from '#/server/chat/buyer.ts';
import { chatImage } from '#/server/chat/messages.ts';
import { chatConversations } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import { requireUser } from '#/server/http/auth.ts';
import { api } from '#/server/http/handler.ts';
import { privateFile } from '#/server/http/respond.ts';

/** A picture of the store's own conversation. */
export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  await requireChat(user);
  const file = await chatImage(
    ctx.params['name'] ?? '',
    eq(chatConversations.companyId, user.companyId),
  );
  if (!file) throw notFound('图片不存在');
  return privateFile(file);
});

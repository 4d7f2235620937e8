import { buyerHistory, requireChat, sendAsBuyer } from '#/server/chat/buyer.ts';
import { HistoryQuery, readMessage } from '#/server/chat/forms.ts';
import { requireUser } from '#/server/http/auth.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { parseWith } from '#/server/http/validate.ts';

/** The store's conversation with the shop, one page at a time backwards (`before` a message id). */
export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  await requireChat(user);
  const q = parseWith(HistoryQuery, readQuery(ctx.url));
  const h = await buyerHistory(user, q.before);
  return ok({ messages: h.messages, has_more: h.hasMore, status: h.status, unread: h.unread });
});

/** Sends text, a picture or a goods/order card; a client id sent before answers the stored message. */
export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  await requireChat(user);
  const { clientId, content } = await readMessage(ctx.request);
  const { message, duplicate } = await sendAsBuyer(user, clientId, content);
  return duplicate ? ok(message) : created(message);
});

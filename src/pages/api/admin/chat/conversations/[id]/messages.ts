import { deskConversation, sendAsStaff } from '#/server/chat/desk.ts';
import { HistoryQuery, readMessage } from '#/server/chat/forms.ts';
import { historyPage } from '#/server/chat/messages.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

/** One page of the conversation, backwards from `before`. */
export const GET = api(async (ctx) => {
  const actor = requireStaff(ctx, 'service');
  const c = await deskConversation(actor, parseWith(idParam, ctx.params['id']));
  const q = parseWith(HistoryQuery, readQuery(ctx.url));
  const page = await historyPage(c.id, q.before);
  return ok({ messages: page.messages, has_more: page.hasMore, status: c.status });
});

/** A reply: text, picture, goods card or order card; answering a waiting conversation takes it. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, 'service');
  const id = parseWith(idParam, ctx.params['id']);
  const { clientId, content } = await readMessage(ctx.request);
  const { message, duplicate } = await sendAsStaff(actor, id, clientId, content);
  return duplicate ? ok(message) : created(message);
});

import { listConversations } from '#/server/chat/desk.ts';
import { ConversationsQuery } from '#/server/chat/forms.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';

/** The desk's list: waiting conversations and mine (admins: every open one), or my closed ones. */
export const GET = api(async (ctx) => {
  const actor = requireStaff(ctx, 'service');
  const q = parseWith(ConversationsQuery, readQuery(ctx.url));
  return ok(await listConversations(actor, q.view));
});

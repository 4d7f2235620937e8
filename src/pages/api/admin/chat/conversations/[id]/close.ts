import { closeConversation } from '#/server/chat/desk.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

/** Ends the conversation; the buyer's next message opens it again. Audited. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, 'service');
  const id = parseWith(idParam, ctx.params['id']);
  await closeConversation(actor, id);
  return ok({ id, status: 'closed' });
});

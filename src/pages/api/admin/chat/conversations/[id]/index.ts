import { buyerContext } from '#/server/chat/context.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

/** The buyer beside the conversation: company, licence state, recent orders, cart. */
export const GET = api(async (ctx) => {
  const actor = requireStaff(ctx, 'service');
  return ok(await buyerContext(actor, parseWith(idParam, ctx.params['id'])));
});

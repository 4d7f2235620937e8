import { buyerRead, requireChat } from '#/server/chat/buyer.ts';
import { ReadForm } from '#/server/chat/forms.ts';
import { requireUser } from '#/server/http/auth.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { parseWith } from '#/server/http/validate.ts';

/** The buyer has seen the conversation up to `last_id`: the badge counts what came after. */
export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  await requireChat(user);
  const f = parseWith(ReadForm, await readForm(ctx.request));
  return ok({ read_id: await buyerRead(user, f.last_id) });
});

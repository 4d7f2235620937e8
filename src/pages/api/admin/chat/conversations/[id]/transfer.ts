import { transferConversation } from '#/server/chat/desk.ts';
import { TransferForm } from '#/server/chat/forms.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

/** Hands the conversation to a colleague (service or admin); audited. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, 'service');
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(TransferForm, await readForm(ctx.request));
  await transferConversation(actor, id, f.staff_id);
  return ok({ id, staff_id: f.staff_id });
});

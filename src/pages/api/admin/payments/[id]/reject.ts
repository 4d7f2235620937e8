import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { rejectTransfer } from '#/server/transfers/confirm.ts';
import { RejectTransferForm } from '#/server/transfers/forms.ts';

export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, 'finance');
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(RejectTransferForm, await readForm(ctx.request));
  const done = await rejectTransfer(id, f.reason, actor);
  return ok({ id, status: 'failed', order_id: done.orderId });
});

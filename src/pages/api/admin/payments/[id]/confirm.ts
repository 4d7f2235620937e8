import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { confirmTransfer } from '#/server/transfers/confirm.ts';
import { ConfirmTransferForm } from '#/server/transfers/forms.ts';

export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, 'finance');
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(ConfirmTransferForm, await readForm(ctx.request));
  const done = await confirmTransfer(id, { amountFen: f.amount, note: f.note }, actor);
  return ok({ id, status: 'succeeded', order_id: done.orderId, order_paid: done.paidOrder });
});

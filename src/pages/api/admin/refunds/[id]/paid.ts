import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { markRefundPaidOut } from '#/server/refunds/complete.ts';
import { PaidOutForm } from '#/server/refunds/forms.ts';
import { presentRefund } from '#/server/refunds/present.ts';

/** Finance has paid the refund out by bank transfer. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, 'finance');
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(PaidOutForm, await readForm(ctx.request));
  return ok(presentRefund(await markRefundPaidOut(id, actor, f.note)));
});

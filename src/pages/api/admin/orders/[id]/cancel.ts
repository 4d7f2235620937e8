import { ORDER_DESK_ROLES } from '#/lib/staffRoles.ts';
import { cancelByStaff } from '#/server/fulfilment/cancel.ts';
import { staffOrderDetail } from '#/server/fulfilment/detail.ts';
import { CancelForm } from '#/server/fulfilment/forms.ts';
import { presentStaffOrder } from '#/server/fulfilment/present.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

/** Cancels an order nothing of which has shipped: stock back to its lots, payment refunded. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, ORDER_DESK_ROLES);
  const id = parseWith(idParam, ctx.params['id']);
  const form = parseWith(CancelForm, await readForm(ctx.request));
  await cancelByStaff(actor, id, form.reason);
  return ok(presentStaffOrder(await staffOrderDetail(id)));
});

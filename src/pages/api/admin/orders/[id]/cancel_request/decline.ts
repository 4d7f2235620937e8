import { ORDER_DESK_ROLES } from '#/lib/staffRoles.ts';
import { staffOrderDetail } from '#/server/fulfilment/detail.ts';
import { CancelForm } from '#/server/fulfilment/forms.ts';
import { presentStaffOrder } from '#/server/fulfilment/present.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { declineCancelRequest } from '#/server/orders/cancelRequest.ts';

/** Declines the buyer's request to cancel, with the reason the buyer is told. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, ORDER_DESK_ROLES);
  const id = parseWith(idParam, ctx.params['id']);
  const form = parseWith(CancelForm, await readForm(ctx.request));
  await declineCancelRequest(actor, id, form.reason);
  return ok(presentStaffOrder(await staffOrderDetail(id)));
});

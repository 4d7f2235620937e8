import { SHIPPING_ROLE } from '#/lib/staffRoles.ts';
import { staffOrderDetail } from '#/server/fulfilment/detail.ts';
import { ShipForm } from '#/server/fulfilment/forms.ts';
import { presentStaffOrder } from '#/server/fulfilment/present.ts';
import { shipOrder } from '#/server/fulfilment/ship.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { created } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

/** Ships some or all of a paid order; answers the order with the new shipment's id. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, SHIPPING_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const form = parseWith(ShipForm, await readForm(ctx.request));
  const shipmentId = await shipOrder(actor, id, form);
  return created({ shipment_id: shipmentId, order: presentStaffOrder(await staffOrderDetail(id)) });
});

import { ORDER_DESK_ROLES } from '#/lib/staffRoles.ts';
import { staffOrderDetail } from '#/server/fulfilment/detail.ts';
import { presentStaffOrder } from '#/server/fulfilment/present.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

export const GET = api(async (ctx) => {
  requireStaff(ctx, ORDER_DESK_ROLES);
  const id = parseWith(idParam, ctx.params['id']);
  return ok(presentStaffOrder(await staffOrderDetail(id)));
});

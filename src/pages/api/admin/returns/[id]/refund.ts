import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { presentReturnCase } from '#/server/returns/present.ts';
import { returnCase } from '#/server/returns/queue.ts';
import { refundReturn } from '#/server/returns/refund.ts';
import { RETURN_ROLE } from '#/lib/staffRoles.ts';

export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, RETURN_ROLE.refund);
  const id = parseWith(idParam, ctx.params['id']);
  await refundReturn(id, actor);
  return ok(presentReturnCase((await returnCase(id))!));
});

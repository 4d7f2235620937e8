import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { markBillOverdue } from '#/server/creditTerms/overdue.ts';
import { presentBill } from '#/server/creditTerms/present.ts';

/** Declares an unpaid bill overdue: the store cannot pay on credit until it is repaid. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, 'finance');
  const id = parseWith(idParam, ctx.params['id']);
  return ok(presentBill(await markBillOverdue(id, actor)));
});

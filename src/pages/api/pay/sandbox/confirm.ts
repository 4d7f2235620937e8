import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { sandboxConfirm } from '#/server/orders/online.ts';

const Form = z.object({ payment_id: idParam });

/** The sandbox cashier (demo and tests only): the buyer "pays"; the signed notice follows. */
export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const f = parseWith(Form, await readForm(ctx.request));
  await sandboxConfirm(user.companyId, f.payment_id);
  return ok({ delivering: true });
});

import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { presentTransfer } from '#/server/transfers/present.ts';
import { startTransfer } from '#/server/transfers/start.ts';

const Form = z.object({ order_id: idParam });

/** 对公转账: the order's reference and the shop's account (the same ones when asked again). */
export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const f = parseWith(Form, await readForm(ctx.request));
  const { transfer, settings } = await startTransfer(user.companyId, f.order_id);
  return ok(presentTransfer(transfer, settings));
});

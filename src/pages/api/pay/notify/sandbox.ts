import { api } from '../../../../server/http/handler.ts';
import { ok } from '../../../../server/http/respond.ts';
import { readForm } from '../../../../server/http/form.ts';
import { handleNotification } from '../../../../server/orders.ts';

/** Provider → shop notification (no session): signature and amount are verified. */
export const POST = api(async (ctx) => {
  const body = await readForm(ctx.request);
  const n = { ...body, payment_id: Number(body['payment_id']), amount: Number(body['amount']) };
  return ok(await handleNotification(n));
});

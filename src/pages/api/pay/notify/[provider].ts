// Provider → shop notifications (no session, no Origin: the provider's signature is the proof).
// The raw body is verified exactly as received; the answer is what that provider expects.
import { notFound } from '#/server/errors.ts';
import { readBytesLimited } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { acceptNotice } from '#/server/orders/online.ts';
import { providerByName } from '#/server/payments/registry.ts';

const MAX_NOTICE_BYTES = 64 * 1024;

export const POST = api(async (ctx) => {
  const provider = providerByName(ctx.params['provider'] ?? '');
  if (!provider) throw notFound('支付方式不存在');
  const body = new TextDecoder().decode(await readBytesLimited(ctx.request, MAX_NOTICE_BYTES));
  const notice = await provider.verifyNotification({ headers: ctx.request.headers, body });
  await acceptNotice(provider, notice);
  const answer = provider.acknowledge();
  return new Response(answer.body || null, {
    status: answer.status,
    headers: answer.contentType ? { 'content-type': answer.contentType } : {},
  });
});

import { api } from '#/server/http/handler.ts';
import { isDomainError, badRequest } from '#/server/errors.ts';
import { readForm } from '#/server/http/form.ts';
import { created } from '#/server/http/respond.ts';
import { recordPageView } from '#/server/tracking.ts';

// Behind a proxy every visitor shares one address; members are still told apart by account.
function clientAddress(ctx: { clientAddress: string }): string {
  try {
    return ctx.clientAddress;
  } catch {
    return 'unknown';
  }
}

export const POST = api(async (ctx) => {
  const user = ctx.locals.user;
  const key = user ? `a${user.accountId}` : `ip${clientAddress(ctx)}`;
  // The buyer may leave the page while the view is on its way: a cut-off body is not a fault.
  const body = await readForm(ctx.request).catch((error: unknown) => {
    throw isDomainError(error) ? error : badRequest('请求已中断');
  });
  await recordPageView(body, { key, accountId: user?.accountId ?? null });
  return created(null);
});

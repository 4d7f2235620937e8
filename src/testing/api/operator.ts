import { eq } from 'drizzle-orm';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { getDb } from '#/server/db/client.ts';
import { accounts } from '#/server/db/schema/index.ts';
import { assertTestHooks } from '#/testing/hooks.ts';
import { invalidate } from '#/server/cache.ts';

// Test hook (YAOPI_TEST_HOOKS=1 only): makes the caller's login an operator.
export const POST = api(async (ctx) => {
  assertTestHooks();
  const user = requireUser(ctx);
  const db = await getDb();
  await db.update(accounts).set({ isOperator: true }).where(eq(accounts.id, user.accountId));
  invalidate({ account: user.accountId });
  return ok({ is_operator: true });
});

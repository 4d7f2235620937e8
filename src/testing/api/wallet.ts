import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { assertTestHooks, fundForTest } from '#/testing/hooks.ts';

const fen = z.coerce.number().int().min(0).max(1_000_000_000).default(0);
const Form = z.object({ balance: fen, credit_limit: fen });

// Test hook (YAOPI_TEST_HOOKS=1 only): gives the caller's store a balance and a credit limit.
export const POST = api(async (ctx) => {
  assertTestHooks();
  const user = requireUser(ctx);
  const f = parseWith(Form, await readForm(ctx.request));
  await fundForTest(user.companyId, f.balance, f.credit_limit);
  return ok({ balance: f.balance, credit_limit: f.credit_limit });
});

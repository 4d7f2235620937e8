import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { unauthenticated } from '#/server/errors.ts';
import { ageSession, assertTestHooks } from '#/testing/hooks.ts';

const Form = z.object({
  idle_seconds: z.coerce
    .number()
    .int()
    .min(0)
    .max(400 * 86400)
    .default(0),
  age_seconds: z.coerce
    .number()
    .int()
    .min(0)
    .max(400 * 86400)
    .default(0),
});

// Test hook (YAOPI_TEST_HOOKS=1 only): backdates the caller's session.
export const POST = api(async ({ request, locals }) => {
  assertTestHooks();
  const form = parseWith(Form, await readForm(request));
  if (!locals.sessionToken) throw unauthenticated();
  await ageSession(locals.sessionToken, form.idle_seconds, form.age_seconds);
  return ok(null);
});

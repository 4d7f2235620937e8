import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { assertTestHooks, shipForTest } from '#/testing/hooks.ts';

const Form = z.object({ order_id: idParam });

// Test hook (YAOPI_TEST_HOOKS=1 only): ships a paid order whole from its reserved lots.
export const POST = api(async ({ request }) => {
  assertTestHooks();
  const f = parseWith(Form, await readForm(request));
  return ok({ shipment_id: await shipForTest(f.order_id) });
});

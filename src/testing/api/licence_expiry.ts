import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { notFound } from '#/server/errors.ts';
import { getDb } from '#/server/db/client.ts';
import { licences } from '#/server/db/schema/index.ts';
import { invalidate } from '#/server/cache.ts';
import { assertTestHooks } from '#/testing/hooks.ts';

const Form = z.object({
  id: z.coerce.number().int().positive(),
  expires_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

// Test hook (YAOPI_TEST_HOOKS=1 only): moves a licence's expiry date, also into the past, which
// an upload refuses — so that a test can let an approved licence expire without waiting.
export const POST = api(async ({ request }) => {
  assertTestHooks();
  const form = parseWith(Form, await readForm(request));
  const db = await getDb();
  const rows = await db
    .update(licences)
    .set({ expiresOn: form.expires_on })
    .where(eq(licences.id, form.id))
    .returning({ companyId: licences.companyId });
  if (rows.length === 0) throw notFound('证件不存在');
  invalidate({ company: rows[0]!.companyId });
  return ok({ id: form.id, expires_on: form.expires_on });
});

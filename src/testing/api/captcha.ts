import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '#/server/db/client.ts';
import { loginChallenges } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { parseWith } from '#/server/http/validate.ts';
import { assertTestHooks } from '#/testing/hooks.ts';

// Test hook (YAOPI_TEST_HOOKS=1 only): sets a drawn captcha's answer, since tests cannot read
// the picture.
export const POST = api(async (ctx) => {
  assertTestHooks();
  const f = parseWith(
    z.object({ id: z.string().min(1), answer: z.string().min(1) }),
    await readForm(ctx.request),
  );
  const db = await getDb();
  const hash = createHash('sha256').update(f.answer.trim().toLowerCase()).digest('hex');
  const rows = await db
    .update(loginChallenges)
    .set({ answerHash: hash })
    .where(eq(loginChallenges.id, f.id))
    .returning({ id: loginChallenges.id });
  if (!rows.length) throw notFound('验证码不存在');
  return ok({ id: f.id });
});

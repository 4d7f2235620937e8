import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { parseWith } from '#/server/http/validate.ts';
import { notFound } from '#/server/errors.ts';
import { mobileField } from '#/server/members/forms.ts';
import { assertTestHooks, lastSmsCode } from '#/testing/hooks.ts';

// Test hook (YAOPI_TEST_HOOKS=1 only): the last SMS code sent to a phone.
export const GET = api(async ({ url }) => {
  assertTestHooks();
  const code = await lastSmsCode(parseWith(mobileField, url.searchParams.get('phone') ?? ''));
  if (!code) throw notFound('没有发送记录');
  return ok({ code });
});

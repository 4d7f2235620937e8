import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { inviteInfo } from '#/server/members/profile.ts';

const Query = z.object({
  invited_code: z
    .string()
    .trim()
    .max(20, '邀请码不正确')
    .regex(/^[A-Za-z0-9]*$/, '邀请码不正确')
    .optional(),
});

export const GET = api(async ({ url, locals }) => {
  const q = parseWith(Query, readQuery(url));
  return ok(await inviteInfo(locals.user?.accountId ?? null, q.invited_code || undefined));
});

import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { userRecord } from '#/server/members/profile.ts';

// Visitors get 200 {data: {show: true}}: the header loads this quietly and must not redirect.
export const GET = api(async ({ locals }) =>
  ok(await userRecord(locals.user, locals.sessionToken)),
);

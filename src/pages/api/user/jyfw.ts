import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { businessScope } from '#/server/members/profile.ts';

export const GET = api(async (ctx) => ok(await businessScope(requireUser(ctx).companyId)));

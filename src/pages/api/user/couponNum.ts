import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { couponCounts } from '#/server/members/counts.ts';

export const GET = api(async (ctx) => ok(await couponCounts(requireUser(ctx).companyId)));

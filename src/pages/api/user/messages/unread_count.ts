import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { unreadCount } from '#/server/members/messages.ts';

export const GET = api(async (ctx) => ok({ count: await unreadCount(requireUser(ctx).accountId) }));

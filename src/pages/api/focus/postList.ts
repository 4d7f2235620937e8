import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { adsOf } from '#/server/focus.ts';

export const GET = api(async () => ok(await adsOf('post')));

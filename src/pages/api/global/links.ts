import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { globalLinkList } from '#/server/draw.ts';

export const GET = api(async () => ok(await globalLinkList()));

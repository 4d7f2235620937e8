import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { globalLinkList } from '#/server/globalLinks.ts';

export const GET = api(async () => ok(await globalLinkList()));

import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { listPointsGoods } from '#/server/selfservice/pointsMall.ts';

// Visitors may browse the points mall too.
export const GET = api(async () => ok(await listPointsGoods()));

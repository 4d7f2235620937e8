import { api } from '../../../server/http/handler.ts';
import { ok } from '../../../server/http/respond.ts';
import { buyerOf, hotGoods } from '../../../server/catalog.ts';

export const GET = api(async (ctx) => ok(await hotGoods(await buyerOf(ctx.locals.user), 8, 'zy')));

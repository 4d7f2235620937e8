import { api } from '../../../server/http/handler.ts';
import { ok } from '../../../server/http/respond.ts';
import { buyerOf, recommended } from '../../../server/catalog.ts';

export const GET = api(async (ctx) => ok((await recommended(await buyerOf(ctx.locals.user), 1, 8)).rows));

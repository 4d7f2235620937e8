import { api } from '../../../server/http/handler.ts';
import { ok } from '../../../server/http/respond.ts';
import { buyerOf } from '../../../server/catalog.ts';
import { manjianZone } from '../../../server/promotions.ts';

// Full-reduction activities with their tiers and first goods.
export const GET = api(async (ctx) => ok(await manjianZone(await buyerOf(ctx.locals.user))));

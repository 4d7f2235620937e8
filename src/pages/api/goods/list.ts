import { api } from '../../../server/http/handler.ts';
import { readQuery } from '../../../server/http/form.ts';
import { paged } from '../../../server/http/respond.ts';
import { buyerOf, listGoods, parseListQuery } from '../../../server/catalog.ts';

export const GET = api(async (ctx) => paged(await listGoods(parseListQuery(readQuery(ctx.url)), await buyerOf(ctx.locals.user))));

import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { presentBrand } from '#/server/promotions/present.ts';
import { brandZone } from '#/server/promotions/zones.ts';

export const GET = api(async () => ok((await brandZone()).slice(0, 12).map(presentBrand)));

import { api } from '../../../server/http/handler.ts';
import { ok } from '../../../server/http/respond.ts';
import { brandZone } from '../../../server/promotions.ts';

export const GET = api(async () => ok((await brandZone()).slice(0, 12)));

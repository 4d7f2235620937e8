import { api } from '../../../server/http/handler.ts';
import { ok } from '../../../server/http/respond.ts';
import { activitiesOf } from '../../../server/promotions.ts';

// A/B goods groups (the ids AbGroupGoodsList takes).
export const GET = api(async () => ok(await activitiesOf('ab')));

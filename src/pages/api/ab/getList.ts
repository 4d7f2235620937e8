import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { activitiesOf } from '#/server/promotions/activities.ts';
import { presentActivity } from '#/server/promotions/present.ts';

// A/B goods groups (the ids AbGroupGoodsList takes).
export const GET = api(async () => ok((await activitiesOf('ab')).map(presentActivity)));

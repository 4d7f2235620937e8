import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { runningActivities } from '#/server/draw/activities.ts';
import { presentAd } from '#/server/draw/present.ts';

export const GET = api(async () => ok((await runningActivities()).map(presentAd)));

import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { readQuery } from '#/server/http/form.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { buyerOf } from '#/server/catalog/buyer.ts';
import { activityWithGoods } from '#/server/promotions/activities.ts';
import { presentActivityWithGoods } from '#/server/promotions/present.ts';

export const GET = api(async (ctx) => {
  const q = parseWith(z.object({ id: idParam }), readQuery(ctx.url));
  return ok(
    presentActivityWithGoods(await activityWithGoods(q.id, await buyerOf(ctx.locals.user), ['ab'])),
  );
});

import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { readForm } from '#/server/http/form.ts';
import { ok } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { idList, parseWith } from '#/server/http/validate.ts';
import { cancelFavorites } from '#/server/favorites.ts';

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const body = parseWith(z.object({ goods_ids: idList(200) }), await readForm(ctx.request));
  return ok({ count: await cancelFavorites(user.companyId, body.goods_ids) });
});

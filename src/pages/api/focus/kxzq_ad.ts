import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { readQuery } from '#/server/http/form.ts';
import { ok } from '#/server/http/respond.ts';
import { idList, parseWith } from '#/server/http/validate.ts';
import { adsOf } from '#/server/focus.ts';

// The controlled-sales zone's ads; `ids` narrows to the ads a /kxzq/goods link names.
export const GET = api(async (ctx) => {
  const q = parseWith(z.object({ ids: idList(50).optional() }), readQuery(ctx.url));
  return ok(await adsOf('kxzq', q.ids));
});

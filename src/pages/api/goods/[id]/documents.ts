import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { assertMayRead, goodsDocuments } from '#/server/gsp/buyer.ts';

/** The goods' documents and the reports of its lots on sale (approved members only). */
export const GET = api(async (ctx) => {
  assertMayRead(ctx.locals.user ?? null);
  return ok(await goodsDocuments(parseWith(idParam, ctx.params['id'])));
});

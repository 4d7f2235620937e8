import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { IdsForm } from '#/server/http/cartSchemas.ts';
import { deleteLines } from '#/server/cart/edit.ts';

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const form = parseWith(IdsForm, await readForm(ctx.request));
  return ok(await deleteLines(user.companyId, form.ids));
});

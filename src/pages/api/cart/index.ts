import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { AddForm } from '#/server/http/cartSchemas.ts';
import { addToCart } from '#/server/cart/add.ts';

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const form = parseWith(AddForm, await readForm(ctx.request));
  return ok(await addToCart(user.companyId, form.params));
});

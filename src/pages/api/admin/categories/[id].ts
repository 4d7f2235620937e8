import { CATALOGUE_ROLE } from '#/lib/staffRoles.ts';
import { CategoryForm, saveCategory } from '#/server/goodsDesk/taxonomy.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, CATALOGUE_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  return ok(await saveCategory(id, parseWith(CategoryForm, await readForm(ctx.request)), actor));
});

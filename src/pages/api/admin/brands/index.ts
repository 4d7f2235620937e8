import { CATALOGUE_ROLE } from '#/lib/staffRoles.ts';
import { BrandForm, listBrands, saveBrand } from '#/server/goodsDesk/taxonomy.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';

export const GET = api(async (ctx) => {
  requireStaff(ctx, CATALOGUE_ROLE);
  return ok(await listBrands());
});

export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, CATALOGUE_ROLE);
  return created(await saveBrand(null, parseWith(BrandForm, await readForm(ctx.request)), actor));
});

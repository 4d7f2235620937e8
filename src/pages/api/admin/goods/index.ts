import { CATALOGUE_ROLE } from '#/lib/staffRoles.ts';
import { GoodsFields, GoodsQuery } from '#/server/goodsDesk/forms.ts';
import { goodsForEdit, goodsList } from '#/server/goodsDesk/load.ts';
import { presentGoods, presentGoodsRow } from '#/server/goodsDesk/present.ts';
import { createGoods } from '#/server/goodsDesk/save.ts';
import { readForm, readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { created, paged } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';

export const GET = api(async (ctx) => {
  requireStaff(ctx, CATALOGUE_ROLE);
  const page = await goodsList(parseWith(GoodsQuery, readQuery(ctx.url)));
  return paged({ ...page, rows: page.rows.map(presentGoodsRow) });
});

export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, CATALOGUE_ROLE);
  const id = await createGoods(parseWith(GoodsFields, await readForm(ctx.request)), actor);
  return created(presentGoods((await goodsForEdit(id))!));
});

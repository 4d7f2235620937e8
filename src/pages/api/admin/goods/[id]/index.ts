import { CATALOGUE_ROLE } from '#/lib/staffRoles.ts';
import { notFound } from '#/server/errors.ts';
import { GoodsUpdateForm } from '#/server/goodsDesk/forms.ts';
import { goodsForEdit } from '#/server/goodsDesk/load.ts';
import { presentGoods } from '#/server/goodsDesk/present.ts';
import { StaleGoods, updateGoods } from '#/server/goodsDesk/save.ts';
import { readForm } from '#/server/http/form.ts';
import { api, errorResponse } from '#/server/http/handler.ts';
import { json, ok } from '#/server/http/respond.ts';
import { STATUS_OF } from '#/server/http/errors.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

async function answer(id: number) {
  const g = await goodsForEdit(id);
  if (!g) throw notFound('商品不存在');
  return ok(presentGoods(g));
}

export const GET = api(async (ctx) => {
  requireStaff(ctx, CATALOGUE_ROLE);
  return answer(parseWith(idParam, ctx.params['id']));
});

/** Saves the editor's fields over `version`; a save over an older version answers 409 with the current one. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, CATALOGUE_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const { version, ...fields } = parseWith(GoodsUpdateForm, await readForm(ctx.request));
  try {
    await updateGoods(id, fields, version, actor);
  } catch (error) {
    if (!(error instanceof StaleGoods)) return errorResponse(error, ctx);
    return json({ message: error.message, current_version: error.current }, STATUS_OF.CONFLICT);
  }
  return answer(id);
});

import { CATALOGUE_ROLE } from '#/lib/staffRoles.ts';
import { LotForm } from '#/server/goodsDesk/forms.ts';
import { goodsForEdit } from '#/server/goodsDesk/load.ts';
import { saveLot } from '#/server/goodsDesk/lots.ts';
import { presentGoods } from '#/server/goodsDesk/present.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

/** Adds a lot (no `id`) or changes one; answers the goods with its lots and derived stock. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, CATALOGUE_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  await saveLot(id, parseWith(LotForm, await readForm(ctx.request)), actor);
  return ok(presentGoods((await goodsForEdit(id))!));
});

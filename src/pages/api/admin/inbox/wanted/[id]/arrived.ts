import { INBOX_ROLES } from '#/lib/staffRoles.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { ArrivedForm } from '#/server/inbox/forms.ts';
import { markArrived } from '#/server/inbox/wanted.ts';

/** The variety is on sale now: link the goods and tell the buyer. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, INBOX_ROLES);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(ArrivedForm, await readForm(ctx.request));
  await markArrived(id, { goodsId: f.goods_id, reply: f.reply }, actor);
  return ok({ id, status: 'arrived', goods_id: f.goods_id });
});

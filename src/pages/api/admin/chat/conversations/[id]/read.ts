import { staffRead } from '#/server/chat/desk.ts';
import { ReadForm } from '#/server/chat/forms.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, 'service');
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(ReadForm, await readForm(ctx.request));
  return ok({ read_id: await staffRead(actor, id, f.last_id) });
});

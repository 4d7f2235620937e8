import { INBOX_ROLES } from '#/lib/staffRoles.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { ReplyForm } from '#/server/inbox/forms.ts';
import { replyWanted } from '#/server/inbox/wanted.ts';

export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, INBOX_ROLES);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(ReplyForm, await readForm(ctx.request));
  await replyWanted(id, f.reply, actor);
  return ok({ id, status: 'replied' });
});

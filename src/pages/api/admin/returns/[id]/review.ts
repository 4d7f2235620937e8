import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { ReviewForm } from '#/server/returns/forms.ts';
import { presentReturnCase } from '#/server/returns/present.ts';
import { returnCase } from '#/server/returns/queue.ts';
import { reviewReturn } from '#/server/returns/review.ts';
import { RETURN_ROLE } from '#/lib/staffRoles.ts';

export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, RETURN_ROLE.decide);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(ReviewForm, await readForm(ctx.request));
  await reviewReturn(
    id,
    f.decision === 'approve'
      ? { approve: true, lines: f.lines }
      : { approve: false, reason: f.reason },
    actor,
  );
  return ok(presentReturnCase((await returnCase(id))!));
});

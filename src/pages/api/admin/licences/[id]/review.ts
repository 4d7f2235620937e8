import { LICENCE_ROLE } from '#/lib/staffRoles.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { ReviewForm } from '#/server/licences/forms.ts';
import { presentLicenceCase } from '#/server/licences/present.ts';
import { licenceCase } from '#/server/licences/queue.ts';
import { reviewLicence } from '#/server/licences/review.ts';

// Approve (with the business scope) or reject (with the reason the buyer sees) a licence.
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, LICENCE_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  await reviewLicence(id, parseWith(ReviewForm, await readForm(ctx.request)), actor);
  return ok(presentLicenceCase((await licenceCase(id))!));
});

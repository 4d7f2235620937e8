import { SLIP_REVIEW_ROLES } from '#/lib/staffRoles.ts';
import { SlipReviewForm } from '#/server/fulfilment/forms.ts';
import { reviewSlip } from '#/server/fulfilment/slips.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

/** Confirms an uploaded slip, or rejects it with a reason the buyer sees. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, SLIP_REVIEW_ROLES);
  const id = parseWith(idParam, ctx.params['id']);
  const form = parseWith(SlipReviewForm, await readForm(ctx.request));
  await reviewSlip(actor, id, form);
  return ok({ id, status: form.state });
});

import { HoursForm } from '#/server/chat/forms.ts';
import { chatHours, setChatHours } from '#/server/chat/hours.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';

export const GET = api(async (ctx) => {
  requireStaff(ctx, 'service');
  return ok(await chatHours());
});

/** Service hours (Beijing time); outside them buyers get the automatic reply. Admin only, audited. */
export const PUT = api(async (ctx) => {
  const actor = requireStaff(ctx, 'admin');
  const hours = parseWith(HoursForm, await readForm(ctx.request));
  await setChatHours(actor, hours);
  return ok(hours);
});

import { LICENCE_ROLE } from '#/lib/staffRoles.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { presentLicenceCase } from '#/server/licences/present.ts';
import { licenceCase } from '#/server/licences/queue.ts';
import { remindLicence } from '#/server/licences/remind.ts';

// Tells the buyer that a licence in use expires soon or has expired.
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, LICENCE_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  await remindLicence(id, actor);
  return ok(presentLicenceCase((await licenceCase(id))!));
});

import { LICENCE_ROLE } from '#/lib/staffRoles.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';
import { LicenceQuery } from '#/server/licences/forms.ts';
import { presentLicenceCase } from '#/server/licences/present.ts';
import { licenceQueue } from '#/server/licences/queue.ts';

export const GET = api(async (ctx) => {
  requireStaff(ctx, LICENCE_ROLE);
  const page = await licenceQueue(parseWith(LicenceQuery, readQuery(ctx.url)));
  return paged({ ...page, rows: page.rows.map((c) => presentLicenceCase(c)) });
});

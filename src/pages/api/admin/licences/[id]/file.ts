import { LICENCE_ROLE } from '#/lib/staffRoles.ts';
import { api } from '#/server/http/handler.ts';
import { privateFile } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { licenceFile } from '#/server/qualifications.ts';
import { extensionOf } from '#/server/storage.ts';

// A licence scan for the reviewers (the buyer's own route needs a buyer session).
export const GET = api(async (ctx) => {
  requireStaff(ctx, LICENCE_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const file = await licenceFile(id, 'staff');
  return privateFile(file, {
    'content-disposition': `inline; filename="licence-${id}.${extensionOf(file.type)}"`,
  });
});

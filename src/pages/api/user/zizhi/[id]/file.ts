import { api } from '#/server/http/handler.ts';
import { privateFile } from '#/server/http/respond.ts';
import { parseWith, idParam } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { licenceFile } from '#/server/qualifications.ts';
import { extensionOf } from '#/server/storage.ts';

// Licence scans are private: only the owning login gets the bytes here (reviewers have their own route).
export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const id = parseWith(idParam, ctx.params['id']);
  const file = await licenceFile(id, user);
  return privateFile(file, {
    'content-disposition': `inline; filename="licence-${id}.${extensionOf(file.type)}"`,
  });
});

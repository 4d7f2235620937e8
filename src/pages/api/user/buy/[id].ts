import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { presentWanted } from '#/server/selfservice/present.ts';
import { wantedInfo } from '#/server/selfservice/wanted.ts';

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  return ok(presentWanted(await wantedInfo(user.companyId, parseWith(idParam, ctx.params['id']))));
});

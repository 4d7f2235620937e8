import { CATALOGUE_ROLE } from '#/lib/staffRoles.ts';
import { notFound } from '#/server/errors.ts';
import { presentImport } from '#/server/goodsDesk/present.ts';
import { importProgress } from '#/server/goodsDesk/import/run.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

/** An import's progress (the browser polls it) and, once done, its refused rows. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, CATALOGUE_ROLE);
  const row = await importProgress(parseWith(idParam, ctx.params['id']));
  if (!row) throw notFound('导入记录不存在');
  return ok(presentImport(row));
});

import { CATALOGUE_ROLE } from '#/lib/staffRoles.ts';
import { badRequest } from '#/server/errors.ts';
import { dryRunImport, startImport } from '#/server/goodsDesk/import/run.ts';
import { api } from '#/server/http/handler.ts';
import { json, ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { readMultipart } from '#/server/http/upload.ts';

/**
 * Far larger files than an import can hold are refused before they are read: the export of a
 * 100,000-goods catalogue with its lots, which imports back, is 27 MB.
 */
const MAX_IMPORT_BYTES = 40 * 1024 * 1024;

/**
 * multipart `file` (.xlsx or .csv). `dry_run=1` answers the per-row report and writes nothing (a
 * file of more than 2000 rows: 202 `{id}`, planned in the background like an import); otherwise
 * the import starts in the background (202) and `GET …/import/{id}` reports progress.
 */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, CATALOGUE_ROLE);
  const form = await readMultipart(
    ctx.request,
    MAX_IMPORT_BYTES,
    '文件不能超过40MB，请分成多个文件导入',
  );
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0)
    throw badRequest('请选择要导入的 .xlsx 或 .csv 文件');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const dryRun = form.get('dry_run') === '1' || ctx.url.searchParams.get('dry_run') === '1';
  if (dryRun) {
    const result = await dryRunImport(bytes, file.name, actor);
    return 'id' in result ? json({ data: result }, 202) : ok(result);
  }
  const id = await startImport(bytes, file.name, actor);
  return json({ data: { id } }, 202);
});

import { CATALOGUE_ROLE } from '#/lib/staffRoles.ts';
import { importTemplate } from '#/server/goodsDesk/export.ts';
import { api } from '#/server/http/handler.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { xlsxFile } from '#/server/http/respond.ts';

export const GET = api(async (ctx) => {
  requireStaff(ctx, CATALOGUE_ROLE);
  return xlsxFile(await importTemplate(), '商品导入模板.xlsx');
});

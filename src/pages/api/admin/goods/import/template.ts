import { CATALOGUE_ROLE } from '#/lib/staffRoles.ts';
import { importTemplate } from '#/server/goodsDesk/export.ts';
import { api } from '#/server/http/handler.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { xlsxResponse } from '#/server/spreadsheets/xlsxResponse.ts';

export const GET = api(async (ctx) => {
  requireStaff(ctx, CATALOGUE_ROLE);
  return xlsxResponse(await importTemplate(), '商品导入模板.xlsx');
});

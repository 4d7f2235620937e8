import { REPORT_ROLES } from '#/lib/staffRoles.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseReportRange } from '#/server/reports/forms.ts';
import { presentSales } from '#/server/reports/present.ts';
import { salesOf } from '#/server/reports/sales.ts';

/** Orders, amount, stores ordering and average order of a period, and per day, week or month. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, REPORT_ROLES);
  const range = parseReportRange(readQuery(ctx.url));
  return ok(presentSales(range, await salesOf(range)));
});

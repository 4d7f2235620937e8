import { REPORT_ROLES } from '#/lib/staffRoles.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { xlsxFile } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { recordExport } from '#/server/staff/exportAudit.ts';
import { parseWith } from '#/server/http/validate.ts';
import { dashboard } from '#/server/reports/dashboard.ts';
import { parseReportRange, ReportExportQuery } from '#/server/reports/forms.ts';
import { reportTables } from '#/server/reports/present.ts';
import { writeXlsx } from '#/server/spreadsheets/writeXlsx.ts';

/** One dashboard table (or all of them, one sheet each) of a period as .xlsx. */
export const GET = api(async (ctx) => {
  const actor = requireStaff(ctx, REPORT_ROLES);
  const query = readQuery(ctx.url);
  const range = parseReportRange(query);
  const { table } = parseWith(ReportExportQuery, query);
  const tables = Object.values(reportTables(await dashboard(range))).filter(
    (t) => table === 'all' || t.name === table,
  );
  const book = await writeXlsx(
    tables.map((t) => ({ name: t.title, columns: t.columns, rows: t.rows })),
  );
  await recordExport(
    actor,
    'report',
    { table, from: range.from, to: range.to },
    tables.reduce((n, t) => n + t.rows.length, 0),
  );
  return xlsxFile(book, `report-${table}-${range.from}-${range.to}.xlsx`);
});

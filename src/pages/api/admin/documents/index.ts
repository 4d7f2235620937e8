import { GSP_ROLE } from '#/lib/staffRoles.ts';
import { api } from '#/server/http/handler.ts';
import { readQuery } from '#/server/http/form.ts';
import { paged } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';
import { deskRows } from '#/server/gsp/desk.ts';
import { DeskQuery } from '#/server/gsp/forms.ts';
import { presentDeskRow } from '#/server/gsp/present.ts';

/** The desk's goods list: state=all|flagged|complete, q, page. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, GSP_ROLE);
  const page = await deskRows(parseWith(DeskQuery, readQuery(ctx.url)));
  return paged({ ...page, rows: page.rows.map(presentDeskRow) });
});

import { shopDay } from '#/lib/shopClock.ts';
import { STORE_DESK_ROLES } from '#/lib/staffRoles.ts';
import { buyersForExport } from '#/server/exports/buyers.ts';
import { buyerSheets } from '#/server/exports/present.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { xlsxFile } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { recordExport } from '#/server/staff/exportAudit.ts';
import { parseWith } from '#/server/http/validate.ts';
import { xlsxStream } from '#/server/spreadsheets/writeXlsx.ts';
import { StoreQuery } from '#/server/storeProfiles/forms.ts';

/**
 * The buyer list with every licence and its expiry date as .xlsx, filtered like the store desk,
 * streamed as written.
 */
export const GET = api(async (ctx) => {
  const actor = requireStaff(ctx, STORE_DESK_ROLES);
  const f = parseWith(StoreQuery, readQuery(ctx.url));
  const buyers = await buyersForExport(f);
  // Recorded as it starts: a download that fails part-way has still taken rows.
  await recordExport(actor, 'buyers', f, buyers.count);
  return xlsxFile(xlsxStream(buyerSheets(buyers)), `buyers-${shopDay(new Date())}.xlsx`);
});

import { CATALOGUE_ROLE } from '#/lib/staffRoles.ts';
import { shopDay } from '#/lib/shopClock.ts';
import { exportGoods } from '#/server/goodsDesk/export.ts';
import { recordExport } from '#/server/staff/exportAudit.ts';
import { GoodsQuery } from '#/server/goodsDesk/forms.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';
import { xlsxFile } from '#/server/http/respond.ts';

/** Goods with stock and prices (and their lots), filtered like the list; the ERP reads it back. */
export const GET = api(async (ctx) => {
  const actor = requireStaff(ctx, CATALOGUE_ROLE);
  const f = parseWith(GoodsQuery, readQuery(ctx.url));
  const { book, rows } = await exportGoods(f);
  // Recorded as it starts: a download that fails part-way has still taken rows.
  await recordExport(actor, 'goods', f, rows);
  return xlsxFile(book, `商品库存价格-${shopDay(new Date())}.xlsx`);
});

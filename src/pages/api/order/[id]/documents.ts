import { conflict } from '#/server/errors.ts';
import { api } from '#/server/http/handler.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { assertMayRead } from '#/server/gsp/buyer.ts';
import { zipResponse } from '#/server/gsp/download.ts';
import { orderDocumentEntries } from '#/server/gsp/order.ts';

/** 一键下载: every document of one of the store's orders as a zip named by the order number. */
export const GET = api(async (ctx) => {
  const reader = ctx.locals.user ?? null;
  assertMayRead(reader);
  const { fileName, entries } = await orderDocumentEntries(
    reader.companyId,
    parseWith(idParam, ctx.params['id']),
  );
  if (entries.length === 0) throw conflict('该订单的商品暂无可下载的资料');
  return zipResponse(fileName, entries);
});

import { conflict } from '#/server/errors.ts';
import { api } from '#/server/http/handler.ts';
import { assertMayRead, shopDocumentEntries } from '#/server/gsp/buyer.ts';
import { zipResponse } from '#/server/gsp/download.ts';

/** The shop's own qualification documents (licences, 质量保证协议) as one zip. */
export const GET = api(async (ctx) => {
  assertMayRead(ctx.locals.user ?? null);
  const entries = await shopDocumentEntries();
  if (entries.length === 0) throw conflict('本公司资质文件尚未上传，请联系客服');
  return zipResponse('本公司资质文件.zip', entries);
});

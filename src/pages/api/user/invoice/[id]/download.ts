import { api } from '#/server/http/handler.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { invoiceDocument } from '#/server/selfservice/invoices.ts';

// The issued invoice as an HTML file (opens in any browser, prints to PDF).
export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const doc = await invoiceDocument(user.companyId, parseWith(idParam, ctx.params['id']));
  return new Response(doc.html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-disposition': `attachment; filename="${doc.fileName}"`,
    },
  });
});

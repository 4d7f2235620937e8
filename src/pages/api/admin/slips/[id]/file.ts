import { SLIP_REVIEW_ROLES } from '#/lib/staffRoles.ts';
import { slipFile } from '#/server/fulfilment/slips.ts';
import { api } from '#/server/http/handler.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

/** The uploaded slip itself, shown inline on the review screen. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, SLIP_REVIEW_ROLES);
  const file = await slipFile(parseWith(idParam, ctx.params['id']));
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.mime,
      'content-disposition': 'inline',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});

import { api } from '../../../../../server/http/handler.ts';
import { parseWith, idParam } from '../../../../../server/http/validate.ts';
import { requireUser } from '../../../../../server/http/auth.ts';
import { licenceFile } from '../../../../../server/qualifications.ts';

// Licence scans are private: only the owning login or an operator gets the bytes.
export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const id = parseWith(idParam, ctx.params['id']);
  const { bytes, mime } = await licenceFile(id, user);
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': mime,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="licence-${id}.${mime === 'application/pdf' ? 'pdf' : mime === 'image/png' ? 'png' : 'jpg'}"`,
    },
  });
});

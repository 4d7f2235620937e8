import { api } from '#/server/http/handler.ts';
import { privateFile } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { returnPhotoFile } from '#/server/returnPhotos.ts';

// Return photos are private: only the ordering company or an operator gets the bytes.
export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const orderId = parseWith(idParam, ctx.params['id']);
  const file = await returnPhotoFile(orderId, String(ctx.params['photo'] ?? ''), user);
  return privateFile(file, { 'cache-control': 'private, max-age=3600' });
});

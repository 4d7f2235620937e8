import { api } from '#/server/http/handler.ts';
import { privateFile } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { notFound } from '#/server/errors.ts';
import { returnPhotoFile } from '#/server/returnPhotos.ts';
import { returnOwner } from '#/server/returns/queue.ts';
import { RETURN_QUEUE_ROLES } from '#/lib/staffRoles.ts';

// A return photo for the staff working the queue (the buyer's own route needs a buyer session).
export const GET = api(async (ctx) => {
  requireStaff(ctx, RETURN_QUEUE_ROLES);
  const id = parseWith(idParam, ctx.params['id']);
  const owner = await returnOwner(id);
  if (!owner) throw notFound('照片不存在');
  const file = await returnPhotoFile(owner.orderId, String(ctx.params['photo'] ?? ''), {
    companyId: owner.companyId,
    isOperator: false,
  });
  return privateFile(file);
});

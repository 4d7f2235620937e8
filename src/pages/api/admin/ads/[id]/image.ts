import { CONTENT_ROLE } from '#/lib/staffRoles.ts';
import { setAdImage } from '#/server/adsDesk/ads.ts';
import { presentAd } from '#/server/adsDesk/present.ts';
import { badRequest } from '#/server/errors.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { readMultipart } from '#/server/http/upload.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { MAX_IMAGE_BYTES } from '#/server/publicImages.ts';

/** multipart `file`: a JPG, PNG or WebP, scaled to the position's size; replaces the picture. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, CONTENT_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const form = await readMultipart(ctx.request, MAX_IMAGE_BYTES + 64 * 1024, '图片不能超过5MB');
  const file = form.get('file');
  if (!(file instanceof File)) throw badRequest('请选择图片');
  return ok(presentAd(await setAdImage(id, new Uint8Array(await file.arrayBuffer()), actor)));
});

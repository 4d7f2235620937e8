import { z } from 'zod';
import { CATALOGUE_ROLE } from '#/lib/staffRoles.ts';
import { badRequest } from '#/server/errors.ts';
import { addGoodsImage, removeGoodsImage } from '#/server/goodsDesk/images.ts';
import { MAX_IMAGE_BYTES } from '#/server/publicImages.ts';
import { goodsForEdit } from '#/server/goodsDesk/load.ts';
import { presentGoods } from '#/server/goodsDesk/present.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { readMultipart } from '#/server/http/upload.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';

const answer = async (id: number) => ok(presentGoods((await goodsForEdit(id))!));

/** multipart `file`: a JPG, PNG or WebP photo, added after the goods' others. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, CATALOGUE_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const form = await readMultipart(ctx.request, MAX_IMAGE_BYTES + 64 * 1024, '图片不能超过5MB');
  const file = form.get('file');
  if (!(file instanceof File)) throw badRequest('请选择图片');
  await addGoodsImage(id, new Uint8Array(await file.arrayBuffer()), actor);
  return answer(id);
});

/** `?url=` one of the goods' photos. */
export const DELETE = api(async (ctx) => {
  const actor = requireStaff(ctx, CATALOGUE_ROLE);
  const id = parseWith(idParam, ctx.params['id']);
  const { url } = parseWith(
    z.object({ url: z.string({ error: '请指定图片' }).max(200) }),
    readQuery(ctx.url),
  );
  await removeGoodsImage(id, url, actor);
  return answer(id);
});

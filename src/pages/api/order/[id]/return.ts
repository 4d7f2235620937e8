import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { created } from '#/server/http/respond.ts';
import { parseQueryString, readForm } from '#/server/http/form.ts';
import { readMultipart } from '#/server/http/upload.ts';
import { invalid } from '#/server/errors.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { quantity } from '#/server/http/cartSchemas.ts';
import { applyReturn } from '#/server/orders/returns.ts';
import {
  checkReturnPhotos,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTO_MAX_COUNT,
} from '#/server/returnPhotos.ts';

const asList = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v;
const Form = z.object({
  kind: z.enum(['return', 'after_sales'], { error: '请选择售后类型' }).default('return'),
  reason: z
    .string({ error: '请填写退货原因' })
    .trim()
    .min(2, '请填写退货原因')
    .max(500, '原因最多500字'),
  lines: z.preprocess(
    asList,
    z
      .array(z.object({ id: idParam, number: quantity }), { error: '请选择要退的商品' })
      .min(1, '请选择要退的商品')
      .max(200),
  ),
});

const isPhotoField = (name: string) => name === 'photos' || name.startsWith('photos[');
// Room for the most photos at full size plus the text fields; each photo is checked on its own.
const MAX_BODY = RETURN_PHOTO_MAX_COUNT * RETURN_PHOTO_MAX_BYTES + 256 * 1024;

/**
 * The text fields and the photo files of the request. Photos come only as multipart files
 * (`photos`); URL strings are refused so that a request can only show what was uploaded.
 */
async function readRequest(
  request: Request,
): Promise<{ fields: Record<string, unknown>; files: Uint8Array[] }> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) {
    const fields = await readForm(request);
    if (fields['photos'] !== undefined) throw invalid('photos', '照片请以文件方式上传');
    return { fields, files: [] };
  }
  const data = await readMultipart(
    request,
    MAX_BODY,
    `最多上传${RETURN_PHOTO_MAX_COUNT}张照片，每张不超过5MB`,
  );
  const text = new URLSearchParams();
  const files: Uint8Array[] = [];
  for (const [name, value] of data.entries()) {
    if (isPhotoField(name)) {
      if (typeof value === 'string') throw invalid('photos', '照片请以文件方式上传');
      if (files.length >= RETURN_PHOTO_MAX_COUNT)
        throw invalid('photos', `最多上传${RETURN_PHOTO_MAX_COUNT}张照片`);
      files.push(new Uint8Array(await value.arrayBuffer()));
    } else if (typeof value === 'string') {
      text.append(name, value);
    }
  }
  return { fields: parseQueryString(text.toString()), files };
}

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const id = parseWith(idParam, ctx.params['id']);
  const { fields, files } = await readRequest(ctx.request);
  const f = parseWith(Form, fields);
  const photos = checkReturnPhotos(files);
  return created(await applyReturn(user.companyId, id, { ...f, photos }));
});

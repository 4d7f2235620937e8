// Pictures everyone may see (goods photos, ads): a JPG, PNG or WebP judged by its bytes
// (storage.accept), turned by sharp into one WebP rendition that fits the box its screens use, and
// stored under a name made from its content. The same picture uploaded twice is one file; a stored
// name never changes content, so it is served with a year-long immutable cache.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { invalid, tooLarge, unsupportedMedia } from '#/server/errors.ts';
import { accept, get, put, type Area, type StoredFile } from '#/server/storage.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Refuses images whose header claims more pixels than this (decompression bombs). */
const MAX_PIXELS = 40_000_000;

export type PublicArea = Extract<Area, 'goods' | 'ads'>;

/** Where a public area's files are served (pages/uploads/{area}/[name].ts). */
export const mediaPath = (area: PublicArea) => `/uploads/${area}/`;

async function rendition(bytes: Uint8Array, box: { width: number; height: number }) {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(box.width, box.height, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw unsupportedMedia('图片无法读取，请上传完整的 JPG、PNG 或 WebP 图片');
  }
}

/** Checks, scales and stores the picture; answers the address it is served at. */
export async function storePublicImage(
  area: PublicArea,
  bytes: Uint8Array,
  box: { width: number; height: number },
): Promise<string> {
  const checked = accept(bytes, {
    types: ['image/jpeg', 'image/png', 'image/webp'],
    maxBytes: MAX_IMAGE_BYTES,
  });
  if (checked === 'too_large') throw tooLarge('图片不能超过5MB');
  if (checked === 'empty') throw invalid('file', '请选择图片');
  if (checked === 'wrong_type') throw unsupportedMedia('只能上传 JPG、PNG 或 WebP 图片');
  const webp = await rendition(checked.bytes, box);
  const name = `${createHash('sha256').update(webp).digest('hex').slice(0, 32)}.webp`;
  await put(area, { name, type: 'image/webp', bytes: webp }).catch((e: NodeJS.ErrnoException) => {
    // Content-addressed: the same name already holds these very bytes.
    if (e.code !== 'EEXIST') throw e;
  });
  return `${mediaPath(area)}${name}`;
}

/** The GET answer for a public picture by its name: cached for a year, or 404. */
export async function publicImageResponse(area: PublicArea, name: string): Promise<Response> {
  const file: StoredFile | null = await get(area, name);
  if (!file)
    return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.type,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
}

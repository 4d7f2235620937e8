// Goods photos: a JPG, PNG or WebP judged by its bytes (storage.accept), turned by sharp into the
// one rendition the screens use — at most 640 × 640 px WebP, which the detail shows at 320 px and
// the cards at 200 px on high-density screens — and stored under a name made from its content.
// The same photo uploaded twice is one file; a stored name never changes content, so it is served
// with a year-long immutable cache (pages/uploads/goods/[name].ts).
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { invalidate } from '#/server/cache.ts';
import { getDb } from '#/server/db/client.ts';
import { goods } from '#/server/db/schema/index.ts';
import { invalid, notFound, tooLarge, unsupportedMedia } from '#/server/errors.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { accept, get, put, type StoredFile } from '#/server/storage.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Photos a goods may have. */
export const MAX_IMAGES = 6;
const SIZE = 640;
/** Refuses images whose header claims more pixels than this (decompression bombs). */
const MAX_PIXELS = 40_000_000;
export const GOODS_MEDIA = '/uploads/goods/';

async function rendition(bytes: Uint8Array): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(SIZE, SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw unsupportedMedia('图片无法读取，请上传完整的 JPG、PNG 或 WebP 图片');
  }
}

/** Stores the photo and adds it to the goods' photos (the first is the main one). */
export async function addGoodsImage(goodsId: number, bytes: Uint8Array, actor: StaffActor) {
  const checked = accept(bytes, {
    types: ['image/jpeg', 'image/png', 'image/webp'],
    maxBytes: MAX_IMAGE_BYTES,
  });
  if (checked === 'too_large') throw tooLarge('图片不能超过5MB');
  if (checked === 'empty') throw invalid('file', '请选择图片');
  if (checked === 'wrong_type') throw unsupportedMedia('只能上传 JPG、PNG 或 WebP 图片');
  const webp = await rendition(checked.bytes);
  const name = `${createHash('sha256').update(webp).digest('hex').slice(0, 32)}.webp`;
  await put('goods', { name, type: 'image/webp', bytes: webp }).catch(
    (e: NodeJS.ErrnoException) => {
      // Content-addressed: the same name already holds these very bytes.
      if (e.code !== 'EEXIST') throw e;
    },
  );
  const url = `${GOODS_MEDIA}${name}`;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [g] = await tx
      .select({ images: goods.images })
      .from(goods)
      .where(eq(goods.id, goodsId))
      .for('update');
    if (!g) throw notFound('商品不存在');
    if (g.images.includes(url)) return;
    if (g.images.length >= MAX_IMAGES) throw invalid('file', `每个商品最多${MAX_IMAGES}张图片`);
    await tx
      .update(goods)
      .set({ images: sql`array_append(${goods.images}, ${url})` })
      .where(eq(goods.id, goodsId));
    await recordAudit(tx, actor, {
      action: 'goods.image_add',
      entity: 'goods',
      entityId: goodsId,
      before: g.images,
      after: [...g.images, url],
    });
  });
  invalidate({ goods: [goodsId] });
  return url;
}

/** Takes a photo off the goods (the file stays: an old page may still show it). */
export async function removeGoodsImage(goodsId: number, url: string, actor: StaffActor) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [g] = await tx
      .select({ images: goods.images })
      .from(goods)
      .where(eq(goods.id, goodsId))
      .for('update');
    if (!g) throw notFound('商品不存在');
    if (!g.images.includes(url)) throw invalid('url', '该图片不属于此商品');
    const after = g.images.filter((i) => i !== url);
    await tx.update(goods).set({ images: after }).where(eq(goods.id, goodsId));
    await recordAudit(tx, actor, {
      action: 'goods.image_remove',
      entity: 'goods',
      entityId: goodsId,
      before: g.images,
      after,
    });
  });
  invalidate({ goods: [goodsId] });
}

/** A stored goods photo by its name, or null. */
export const goodsImageFile = (name: string): Promise<StoredFile | null> => get('goods', name);

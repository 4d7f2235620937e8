// Goods photos (publicImages.ts): at most 640 × 640 px WebP, which the detail shows at 320 px and
// the cards at 200 px on high-density screens.
import { eq, sql } from 'drizzle-orm';
import { invalidate } from '#/server/cache.ts';
import { getDb } from '#/server/db/client.ts';
import { goods } from '#/server/db/schema/index.ts';
import { invalid, notFound } from '#/server/errors.ts';
import { storePublicImage } from '#/server/publicImages.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';

/** Photos a goods may have. */
export const MAX_IMAGES = 6;
const SIZE = 640;

/** Stores the photo and adds it to the goods' photos (the first is the main one). */
export async function addGoodsImage(goodsId: number, bytes: Uint8Array, actor: StaffActor) {
  const url = await storePublicImage('goods', bytes, { width: SIZE, height: SIZE });
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

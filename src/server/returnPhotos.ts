// Photos attached to a return / after-sales request: checked by content (JPG or PNG only, the
// licence sniffer decides), stored under random names outside public/, served only to the
// ordering company and operators. The request keeps the stored ids, never client URLs.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { returnRequests } from './db/schema/index.ts';
import { uploadsDir } from './config.ts';
import { notFound, unprocessable } from './http/errors.ts';
import { sniffLicenceType } from './qualifications.ts';

export const RETURN_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const RETURN_PHOTO_MAX_COUNT = 6;

const EXT = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;
type PhotoMime = keyof typeof EXT;
const ID = /^[0-9a-f]{32}\.(jpg|png)$/;

export interface CheckedPhoto { id: string; bytes: Uint8Array }

/** Checks every photo before anything is stored, and names each one (its id). */
export function checkReturnPhotos(files: Uint8Array[]): CheckedPhoto[] {
  if (files.length > RETURN_PHOTO_MAX_COUNT) throw unprocessable('photos', `最多上传${RETURN_PHOTO_MAX_COUNT}张照片`);
  return files.map((bytes, i) => {
    if (bytes.byteLength === 0) throw unprocessable(`photos.${i}`, '照片文件为空');
    if (bytes.byteLength > RETURN_PHOTO_MAX_BYTES) throw unprocessable(`photos.${i}`, '每张照片不能超过5MB');
    const mime = sniffLicenceType(bytes);
    if (mime !== 'image/jpeg' && mime !== 'image/png') throw unprocessable(`photos.${i}`, '照片仅支持 JPG、PNG 格式');
    return { id: `${randomBytes(16).toString('hex')}.${EXT[mime]}`, bytes };
  });
}

const dir = () => path.join(uploadsDir(), 'returns');

export async function saveReturnPhotos(photos: CheckedPhoto[]): Promise<void> {
  if (photos.length === 0) return;
  await mkdir(dir(), { recursive: true });
  for (const p of photos) await writeFile(path.join(dir(), p.id), p.bytes, { flag: 'wx' });
}

export const returnPhotoUrl = (orderId: number, id: string) => `/api/order/${orderId}/return/photo/${id}`;

/** A photo of one of this order's return requests, for the ordering company or an operator. */
export async function returnPhotoFile(orderId: number, id: string, viewer: { companyId: number; isOperator: boolean }): Promise<{ bytes: Buffer; mime: PhotoMime }> {
  if (!ID.test(id)) throw notFound('照片不存在');
  const db = await getDb();
  const owner = viewer.isOperator ? sql`true` : eq(returnRequests.companyId, viewer.companyId);
  const [row] = await db.select({ id: returnRequests.id }).from(returnRequests)
    .where(and(eq(returnRequests.orderId, orderId), owner, sql`${id} = ANY(${returnRequests.photos})`)).limit(1);
  if (!row) throw notFound('照片不存在');
  const bytes = await readFile(path.join(dir(), id)).catch(() => null);
  if (!bytes) throw notFound('照片不存在');
  return { bytes, mime: id.endsWith('.png') ? 'image/png' : 'image/jpeg' };
}

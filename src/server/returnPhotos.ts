// Photos attached to a return / after-sales request: JPG or PNG by content, kept in storage.ts,
// served only to the ordering company and operators. The request keeps the stored names (the
// photos' ids), never client URLs.
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { returnRequests } from './db/schema/index.ts';
import { notFound, invalid } from './errors.ts';
import { accept, get, isStoredName, put, type StoredFile, type Upload } from './storage.ts';

export const RETURN_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const RETURN_PHOTO_MAX_COUNT = 6;
const PHOTOS = { types: ['image/jpeg', 'image/png'], maxBytes: RETURN_PHOTO_MAX_BYTES } as const;

const REFUSED = {
  empty: '照片文件为空',
  too_large: '每张照片不能超过5MB',
  wrong_type: '照片仅支持 JPG、PNG 格式',
} as const;

export interface CheckedPhoto {
  id: string;
  upload: Upload;
}

/** Checks every photo before anything is stored, and names each one (its id). */
export function checkReturnPhotos(files: Uint8Array[]): CheckedPhoto[] {
  if (files.length > RETURN_PHOTO_MAX_COUNT)
    throw invalid('photos', `最多上传${RETURN_PHOTO_MAX_COUNT}张照片`);
  return files.map((bytes, i) => {
    const upload = accept(bytes, PHOTOS);
    if (typeof upload === 'string') throw invalid(`photos.${i}`, REFUSED[upload]);
    return { id: upload.name, upload };
  });
}

export async function saveReturnPhotos(photos: CheckedPhoto[]): Promise<void> {
  for (const p of photos) await put('returns', p.upload);
}

export const returnPhotoUrl = (orderId: number, id: string) =>
  `/api/order/${orderId}/return/photo/${id}`;

/** A photo of one of this order's return requests, for the ordering company or an operator. */
export async function returnPhotoFile(
  orderId: number,
  id: string,
  viewer: { companyId: number; isOperator: boolean },
): Promise<StoredFile> {
  if (!isStoredName(id)) throw notFound('照片不存在');
  const db = await getDb();
  const owner = viewer.isOperator ? sql`true` : eq(returnRequests.companyId, viewer.companyId);
  const [row] = await db
    .select({ id: returnRequests.id })
    .from(returnRequests)
    .where(
      and(eq(returnRequests.orderId, orderId), owner, sql`${id} = ANY(${returnRequests.photos})`),
    )
    .limit(1);
  if (!row) throw notFound('照片不存在');
  const file = await get('returns', id);
  if (!file) throw notFound('照片不存在');
  return file;
}

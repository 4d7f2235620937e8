// Every uploaded file (licences, return photos, receipt slips, invoices, GSP documents, chat
// pictures, goods photos, ad pictures). A file is judged by its first bytes, never by its name or
// declared type; it is stored under a random name nobody can guess and is never public: it leaves
// only through an endpoint that has checked who asks (qualifications.licenceFile,
// returnPhotos.returnPhotoFile, chat/messages.chatImage). Goods photos and ad pictures are the
// public areas: the shop shows them to everyone, under names made from their content. Bytes go
// through a driver: a folder under DATA_DIR by default; an S3-compatible object store is one more
// driver of the same three calls, which is what lets several app processes serve the same files.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { uploadsDir } from './config.ts';

export type FileType =
  | 'image/jpeg'
  | 'image/png'
  | 'image/webp'
  | 'application/pdf'
  | 'application/ofd';

const EXTENSION: Record<FileType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'application/ofd': 'ofd',
};
const TYPE_OF = new Map(Object.entries(EXTENSION).map(([t, ext]) => [ext, t as FileType]));

export const extensionOf = (type: FileType) => EXTENSION[type];

/** The file's type by its first bytes, or null for anything else. */
export function sniffType(bytes: Uint8Array): FileType | null {
  const at = (offset: number, ...sig: number[]) => sig.every((b, i) => bytes[offset + i] === b);
  const text = (offset: number, s: string) => at(offset, ...[...s].map((c) => c.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (text(0, '%PDF-')) return 'application/pdf';
  if (text(0, 'RIFF') && text(8, 'WEBP')) return 'image/webp';
  // OFD (GB/T 33190, the 数电票's own format) is a ZIP package whose entry list names OFD.xml.
  if (at(0, 0x50, 0x4b, 0x03, 0x04) && Buffer.from(bytes).includes('OFD.xml')) {
    return 'application/ofd';
  }
  return null;
}

/** Where one kind of file lives: a folder, or a key prefix in object storage. */
/** `goods` and `ads` hold public pictures, served by `/uploads/{area}/{name}` (publicImages.ts). */
export type Area =
  | 'licences'
  | 'returns'
  | 'slips'
  | 'invoices'
  | 'documents'
  | 'chat'
  | 'goods'
  | 'ads';

export interface StorageDriver {
  /** stores new bytes under `key`; never replaces an existing file */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** the bytes under `key`, or null when there are none */
  read(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

/** Files in a folder, one subfolder per area. */
function folderDriver(root: string): StorageDriver {
  const file = (key: string) => path.join(root, ...key.split('/'));
  return {
    async write(key, bytes) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), bytes, { flag: 'wx' });
    },
    read: (key) => readFile(file(key)).catch(() => null),
    delete: (key) => rm(file(key), { force: true }),
  };
}

let current: StorageDriver | undefined;
const driver = () => (current ??= folderDriver(uploadsDir()));

export interface UploadRule {
  types: readonly FileType[];
  maxBytes: number;
}

/** Why a file is refused; the caller words it for its screen. */
export type Refusal = 'empty' | 'too_large' | 'wrong_type';

/** A file that passed its rule, named but not yet stored. */
export interface Upload {
  readonly name: string;
  readonly type: FileType;
  readonly bytes: Uint8Array;
}

/** Checks a file against its rule and gives it a random name, or says why it is refused. */
export function accept(bytes: Uint8Array, rule: UploadRule): Upload | Refusal {
  if (bytes.byteLength === 0) return 'empty';
  if (bytes.byteLength > rule.maxBytes) return 'too_large';
  const type = sniffType(bytes);
  if (!type || !rule.types.includes(type)) return 'wrong_type';
  return { name: `${randomBytes(16).toString('hex')}.${EXTENSION[type]}`, type, bytes };
}

const NAME = /^[0-9a-f]{32}\.([a-z]+)$/;

/** Whether `name` is one that `accept` could have given. */
export const isStoredName = (name: string) => TYPE_OF.has(NAME.exec(name)?.[1] ?? '');

export async function put(area: Area, upload: Upload): Promise<void> {
  await driver().write(`${area}/${upload.name}`, upload.bytes);
}

export interface StoredFile {
  bytes: Uint8Array;
  type: FileType;
}

/** A stored file by its name; null when there is none (or the name is not one of ours). */
export async function get(area: Area, name: string): Promise<StoredFile | null> {
  const type = TYPE_OF.get(NAME.exec(name)?.[1] ?? '');
  if (!type) return null;
  const bytes = await driver().read(`${area}/${name}`);
  return bytes && { bytes, type };
}

export async function remove(area: Area, name: string): Promise<void> {
  if (isStoredName(name)) await driver().delete(`${area}/${name}`);
}

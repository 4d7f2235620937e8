// Downloads of documents: one file, or a zip of several, streamed: one file is read and added each time the client is ready
// for more, so memory holds at most one document, never the archive. Entries are stored as they
// are (PDFs and images are compressed already); names are UTF-8, which fflate flags for unzip
// tools.
import { Zip, ZipPassThrough } from 'fflate';
import { attachment, privateFile } from '#/server/http/respond.ts';
import { get, type StoredFile } from '#/server/storage.ts';
import { withExtension } from './present.ts';

export interface ZipEntry {
  /** the name in the archive, without extension (added from the file's type) */
  base: string;
  /** the stored name in the storage area `documents` */
  file: string;
  at: Date;
}

/** Gives each name once: a second 药检报告 of the same name becomes 药检报告(2). */
function unique(entries: readonly ZipEntry[]): ZipEntry[] {
  const seen = new Map<string, number>();
  return entries.map((e) => {
    const n = (seen.get(e.base) ?? 0) + 1;
    seen.set(e.base, n);
    return n === 1 ? e : { ...e, base: `${e.base}(${n})` };
  });
}

const PRIVATE = {
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
} as const;

/** One document as a download, never sniffed or cached by the browser. */
export const fileResponse = (file: StoredFile & { fileName: string }) =>
  privateFile(file, { 'content-disposition': attachment(file.fileName) });

export function zipResponse(fileName: string, entries: readonly ZipEntry[]): Response {
  const queue = unique(entries);
  let zip: Zip;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((err, chunk, final) => {
        if (err) return controller.error(err);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull() {
      // Each call adds one file (its bytes reach the controller at once) or ends the archive.
      for (let e = queue.shift(); e; e = queue.shift()) {
        const stored = await get('documents', e.file);
        if (!stored) continue;
        const entry = new ZipPassThrough(withExtension(e.base, stored.type));
        entry.mtime = e.at;
        zip.add(entry);
        entry.push(stored.bytes, true);
        return;
      }
      zip.end();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': attachment(fileName),
      ...PRIVATE,
    },
  });
}

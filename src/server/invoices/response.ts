import type { StoredFile } from '#/server/storage.ts';

/** An invoice file as a download, never sniffed or cached by the browser. */
export const fileResponse = (file: StoredFile & { fileName: string }) =>
  new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.type,
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });

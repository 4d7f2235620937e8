// GSP documents in tests: files judged by content (a PDF is its first bytes), multipart uploads
// as the desk sends them, and the zips the buyer downloads, opened.
import { unzipSync } from 'fflate';
import type { ApiResponse, Client } from './http.ts';

/** A small PDF unique to this call, so a download can be compared byte for byte. */
export const pdf = (label: string) =>
  Buffer.from(`%PDF-1.7\n% ${label} ${Date.now()} ${Math.random()}\n%%EOF\n`);

export const inDays = (n: number) =>
  new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

/** POSTs a multipart form: text fields and, when given, the file. */
export function uploadTo(
  c: Client,
  path: string,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string },
): Promise<ApiResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return c.request('POST', path, { body: form });
}

/** A download as bytes (the test client reads text), with the client's cookies. */
export async function download(c: Client, path: string): Promise<Response> {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return fetch(new URL(path, c.base), { headers: cookie ? { cookie } : {} });
}

/** The zip's files by name (fflate reads the UTF-8 names). */
export const unzipped = (bytes: ArrayBuffer | Uint8Array): Record<string, Uint8Array> =>
  unzipSync(new Uint8Array(bytes));

/** The file name a download is saved under (RFC 6266 filename*). */
export function savedName(res: Response): string {
  const m = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '');
  return m ? decodeURIComponent(m[1]!) : '';
}

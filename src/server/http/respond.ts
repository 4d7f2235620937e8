import { Readable } from 'node:stream';
import { utf8 } from '../utf8.ts';

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(utf8(JSON.stringify(body)), {
    status,
    headers: { ...JSON_HEADERS, ...headers },
  });
}

export const ok = (data: unknown, status = 200) => json({ data }, status);
export const created = (data: unknown) => json({ data }, 201);

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  perPage: number;
}

/** A paged list in the API's shape: data plus current_page, last_page, per_page, total. */
export function paged<T>({ rows, total, page, perPage }: Page<T>): Response {
  return json({
    data: rows,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  });
}

/**
 * A stored upload for the one reader the endpoint has checked: typed by its sniffed content, never
 * content-sniffed by the browser, kept by no shared cache.
 */
export function privateFile(
  file: { bytes: Uint8Array; type: string },
  headers: Record<string, string> = {},
): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.type,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      ...headers,
    },
  });
}

const rfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Content-Disposition for a download with a Chinese name (RFC 6266, ASCII fallback). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

/**
 * A workbook download (exports, report tables, the import template), saved as `fileName`, never
 * cached by anyone (they hold prices, stock and buyers' addresses). A stream goes out as it is
 * written (spreadsheets/writeXlsx.xlsxStream), without a length.
 */
export function xlsxFile(body: Uint8Array | Readable, fileName: string): Response {
  const bytes =
    body instanceof Uint8Array
      ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength)
      : (Readable.toWeb(body) as ReadableStream<Uint8Array>);
  return new Response(bytes, {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': attachment(fileName),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

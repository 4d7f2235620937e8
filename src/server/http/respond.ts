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

/** A workbook download (exports, report tables): never cached, saved under `name`.xlsx. */
export function xlsxFile(bytes: Uint8Array, name: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${name}.xlsx"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

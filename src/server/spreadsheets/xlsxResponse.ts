// A workbook as a download: its type, a Chinese file name (RFC 6266 filename*), never cached by
// anyone (exports hold prices and stock).
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function xlsxResponse(bytes: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': XLSX,
      'content-disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

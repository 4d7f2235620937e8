import qs from 'qs';
import { DomainError, badRequest, invalid, tooLarge, unsupportedMedia } from '../errors.ts';

export const MAX_FORM_BYTES = 256 * 1024;

// Hostile bodies are normal input: depth, array and parameter limits keep qs from building huge objects.
const QS_OPTIONS = {
  depth: 5,
  arrayLimit: 500,
  parameterLimit: 2000,
  allowPrototypes: false,
} as const;

const MAX_QUERY_CHARS = 8192;

export function parseQueryString(search: string): Record<string, unknown> {
  const parsed = qs.parse(search.startsWith('?') ? search.slice(1) : search, QS_OPTIONS);
  assertPlainText(parsed);
  return parsed;
}

// Text no field may carry: C0 controls other than tab, newline and carriage return, and DEL.
// PostgreSQL refuses NUL in text outright; the others only ever arrive from hostile clients.
const CONTROL_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Whether a string is text a member could have typed: no control characters, no lone surrogates. */
export function isPlainText(s: string): boolean {
  return !CONTROL_CHAR.test(s) && s.isWellFormed();
}

/**
 * The one boundary rule for text: every string (and key) of a parsed body or query must be plain
 * text, or the request is refused with 422 naming the field, before any query runs.
 */
export function assertPlainText(value: unknown, field = ''): void {
  if (typeof value === 'string') {
    if (!isPlainText(value))
      throw invalid(field || '_', '内容包含无法识别的字符，请删除后重新提交');
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [k, v] of Object.entries(value)) {
    const name = field ? `${field}.${k}` : k;
    if (!isPlainText(k)) throw invalid('_', '内容包含无法识别的字符，请删除后重新提交');
    assertPlainText(v, name);
  }
}

export function readQuery(url: URL): Record<string, unknown> {
  if (url.search.length > MAX_QUERY_CHARS) throw new DomainError('URI_TOO_LONG', '请求地址过长');
  return parseQueryString(url.search);
}

/** Reads a form-encoded (or JSON) POST/PUT body into a plain object. */
export async function readForm(
  request: Request,
  maxBytes = MAX_FORM_BYTES,
): Promise<Record<string, unknown>> {
  const text = await readTextLimited(request, maxBytes);
  if (!text.trim()) return {};
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('application/json')) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw badRequest('请求内容不是有效的 JSON');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest();
    assertPlainText(body);
    return body as Record<string, unknown>;
  }
  if (type.includes('multipart/form-data')) throw unsupportedMedia('此接口不接受文件上传');
  return parseQueryString(text);
}

/** Reads a body with a hard byte limit, checked while streaming, not only by Content-Length. */
export async function readBytesLimited(
  request: Request,
  maxBytes: number,
  message?: string,
): Promise<Buffer> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge(message);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(message);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function readTextLimited(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder('utf-8', { fatal: false }).decode(
    await readBytesLimited(request, maxBytes),
  );
}

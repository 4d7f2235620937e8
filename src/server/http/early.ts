// Answers for requests refused below Astro (by our node:http server or Node's HTTP parser), in the
// API's JSON with a Chinese message instead of a bare status line or English text.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

const BAD_URL = '请求地址格式不正确';

function body(status: number, message: string, api: boolean): { type: string; text: string } {
  return api
    ? { type: 'application/json; charset=utf-8', text: JSON.stringify({ message }) }
    : {
        type: 'text/html; charset=utf-8',
        text: `<!doctype html><meta charset="utf-8"><title>${status}</title><p>${message}</p>`,
      };
}

/** Refuses a request whose URL is not valid percent-encoding (Astro's adapter would say "Bad request."). */
export function refuseMalformedUrl(req: IncomingMessage, res: ServerResponse): boolean {
  try {
    decodeURI(req.url ?? '/');
    return false;
  } catch {
    const b = body(400, BAD_URL, (req.url ?? '').startsWith('/api/'));
    res.writeHead(400, {
      'content-type': b.type,
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(b.text),
    });
    res.end(b.text);
    return true;
  }
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, '请求头过大'],
  HPE_URI_TOO_LONG: [414, '请求地址过长'],
};

/** Node's `clientError`: a request its HTTP parser refused (headers too large, malformed). */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, '请求格式不正确'];
  const text = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\n` +
      `connection: close\r\n\r\n${text}`,
  );
}

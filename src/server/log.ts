// Structured JSON logs (pino) at LOG_LEVEL. Secrets never reach a log line: fields that can carry
// passwords, tokens, SMS codes, signatures or cookies are redacted wherever they appear.
import pino from 'pino';
import { config } from './config.ts';

type Fields = Record<string, unknown>;

const SECRET_FIELDS = [
  'password',
  'password_confirmation',
  'old_password',
  'token',
  'sms_code',
  'secret',
  'sign',
  'signature',
  'cookie',
  'authorization',
];

/** The shop's logger, writing to `destination` (stdout by default; tests pass a stream). */
export function makeLogger(destination?: pino.DestinationStream, level = config.logLevel) {
  const base = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      base: { pid: process.pid },
      serializers: { error: pino.stdSerializers.err, err: pino.stdSerializers.err },
      redact: {
        paths: [...SECRET_FIELDS, ...SECRET_FIELDS.map((f) => `*.${f}`), 'headers.cookie'],
        censor: '[redacted]',
      },
    },
    destination,
  );
  const at =
    (lvl: 'debug' | 'info' | 'warn' | 'error') =>
    (msg: string, fields: Fields = {}): void =>
      base[lvl](fields, msg);
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    /** One line per request: id, method, path (no query: it can carry search words), status, time. */
    access: (line: { id: string; method: string; path: string; status: number; ms: number }) =>
      base.info({ kind: 'access', ...line }, 'request'),
  };
}

export const logger = makeLogger();

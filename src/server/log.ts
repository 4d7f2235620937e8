// Structured JSON logs (pino) at LOG_LEVEL. Secrets never reach a log line: fields that can carry
// passwords, tokens, SMS codes, signatures or cookies are redacted wherever they appear, and a
// failed query's parameters are dropped.
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

// A failed query's error (drizzle's DrizzleQueryError) carries its SQL and every parameter, in its
// message, stack and fields. Parameters can be a buyer's phone or address, or a password's hash,
// which have no place in a log, and an export's slice of 500 ids made a 20 KB line: they are
// dropped and the SQL cut short; the driver's own error (the cause, in the stack) says what failed.
const QUERY_KEPT = 200;

function errorFields(error: Error): Record<string, unknown> {
  const out = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  if (typeof out['query'] !== 'string') return out;
  const { params: _params, ...rest } = out;
  const sql = out['query'];
  const query = sql.length > QUERY_KEPT ? `${sql.slice(0, QUERY_KEPT)}…` : sql;
  const message = `Failed query: ${query}`;
  const stack =
    typeof out['stack'] === 'string'
      ? out['stack'].replace(/^[\s\S]*?\nparams:[^\n]*/, `${String(out['type'])}: ${message}`)
      : out['stack'];
  return { ...rest, query, message, stack };
}

/** The shop's logger, writing to `destination` (stdout by default; tests pass a stream). */
export function makeLogger(destination?: pino.DestinationStream, level = config.logLevel) {
  const base = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      base: { pid: process.pid },
      serializers: { error: errorFields, err: errorFields },
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

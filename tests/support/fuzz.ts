// The hostile-input sweeps' parts (tests/api/fuzz*.test.ts): the endpoints and pages found from
// src/pages, what they are sent (wrong types, missing and unknown fields, huge and negative
// numbers, control characters, unicode, SQL and script strings, malformed path segments) and what
// counts as a failure: a 5xx anywhere, or an API error that is not JSON with a Chinese message.
import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import qs from 'qs';
import type { Client } from './http.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 8);
const CHINESE = /[\u4e00-\u9fff]/;

interface Endpoint {
  route: string;
  methods: string[];
  /** the field names its schemas declare, its own and those of the server modules it imports */
  fields: string[];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

// Field names a schema declares (`name: z.…`, `name: idParam`…): what endpoints actually read.
const FIELD =
  /\b([a-z][a-z0-9_]{0,30})\??\s*:\s*(?:z\.|idParam|pageParam|perPageParam|idList|[a-z]+Schema|optional|yuan|flag)/g;
const fieldsIn = (text: string) => [...new Set([...text.matchAll(FIELD)].map((m) => m[1]!))];

/** Field names declared anywhere in the server: a sweep sends some of them to every endpoint. */
const SHARED_FIELDS = fieldsIn(
  filesUnder(path.join(SRC, 'server'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n'),
);

// Most endpoints read their forms with schemas of the feature module they import
// (`#/server/goodsDesk/forms.ts`): those modules' fields are the ones worth sending.
const IMPORTED_SERVER_MODULE = /from '#\/(server\/[^']+\.ts)'/g;
function fieldsOfEndpoint(text: string): string[] {
  const modules = [...text.matchAll(IMPORTED_SERVER_MODULE)].map((m) =>
    readFileSync(path.join(SRC, m[1]!), 'utf8'),
  );
  return fieldsIn([text, ...modules].join('\n'));
}

/** Every API route of src/pages/api under `prefix`, with its methods and fields. */
export function apiEndpoints(prefix = ''): Endpoint[] {
  const dir = path.join(SRC, 'pages/api');
  return filesUnder(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((file) => {
      const text = readFileSync(file, 'utf8');
      const route = `/api/${path
        .relative(dir, file)
        .replace(/\.ts$/, '')
        .replace(/(^|\/)index$/, '')}`.replace(/\/$/, '');
      const methods = [...text.matchAll(/export const (GET|POST|PUT|PATCH|DELETE|ALL)\b/g)].flatMap(
        (m) => (m[1] === 'ALL' ? ['GET', 'POST'] : [m[1]!]),
      );
      return { route, methods, fields: fieldsOfEndpoint(text) };
    })
    .filter((e) => e.route.startsWith(prefix));
}

/** Every page of src/pages under `prefix` (API routes aside), with the fields its modules declare. */
export function pageRoutes(prefix = '/'): Endpoint[] {
  const dir = path.join(SRC, 'pages');
  return filesUnder(dir)
    .filter((f) => f.endsWith('.astro') && !f.includes(`${path.sep}api${path.sep}`))
    .map((f) => ({
      route: `/${path
        .relative(dir, f)
        .replace(/\.astro$/, '')
        .replace(/(^|\/)index$/, '')}`,
      methods: ['GET'],
      fields: fieldsOfEndpoint(readFileSync(f, 'utf8')),
    }))
    .filter((p) => p.route.startsWith(prefix));
}

const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31m',
  '\r\nSet-Cookie: x=1',
  "' OR '1'='1' --",
  '1; DROP TABLE goods; --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  '${7*7}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  'Infinity',
  '1e309',
  '-1',
  '0',
  '-0',
  '1.5',
  '2147483648',
  '9007199254740993',
  '99999999999999999999',
  '0x10',
  'true',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31',
  '-271821-04-20',
  'baddate',
  '\ud800',
  '😀😀',
  '阿莫西林',
  'ａｂｃ１２３',
  '1,2,3',
  'x'.repeat(3000),
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 5000 }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);
const value = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.array(
      fc.dictionary(fc.constantFrom('id', 'goods_id', 'number', 'type', '0'), text, { maxKeys: 3 }),
      { maxLength: 2 },
    ),
  },
);

/** Path segments as they travel (already percent-encoded), including malformed escapes. */
const segments = fc.array(
  fc.oneof(
    fc.constantFrom(
      '0',
      '-1',
      '2147483648',
      '99999999999',
      '1e3',
      'abc',
      '1.5',
      '%00',
      '%E0%A4%A',
      '%25',
      '..',
      '1%27%20OR%201%3D1',
      '%3Cscript%3E',
      '%F0%9F%98%80',
    ),
    fc.integer({ min: 1, max: 3000 }).map(String),
    // the first rows of each table: the seed's and the test's own records, other stores' too
    fc.integer({ min: 1, max: 40 }).map(String),
  ),
  { minLength: 1, maxLength: 3 },
);

/** A form or query of up to 6 fields: mostly `fields`, some shared ones, some unknown. */
const params = (fields: string[]) =>
  fc.dictionary(
    fc.constantFrom(...fields, ...SHARED_FIELDS.slice(0, 80), 'zzz', 'a[b][c][d][e][f]'),
    value,
    { maxKeys: 6 },
  );

/** `route` with its `[param]` and `[...rest]` parts replaced by `segs`, in turn. */
export const fill = (route: string, segs: string[]) => {
  let i = 0;
  return route.replace(/\[(\.\.\.)?[a-z_]+\]/gi, () => segs[i++ % segs.length] ?? '1');
};

/** What a sweep sent and what it found wrong. */
export class Sweep {
  tried = 0;
  /** how many answers had each status */
  readonly statuses = new Map<number, number>();
  readonly fiveHundreds: string[] = [];
  /** API errors that are not JSON with a Chinese message */
  readonly shapes: string[] = [];

  /** Sends `body` as `c` (as a query for GET and DELETE, else a form or JSON); the status. */
  async send(
    c: Client,
    method: string,
    route: string,
    body: Record<string, unknown>,
    asJson: boolean,
  ): Promise<number | null> {
    const url = new URL(route, c.base);
    const headers: Record<string, string> = {};
    if (c.origin) headers['origin'] = c.origin;
    if (c.cookies.size) headers['cookie'] = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | null = null;
    try {
      if (method === 'GET' || method === 'DELETE') url.search = qs.stringify(body);
      else if (asJson) {
        payload = JSON.stringify(body);
        headers['content-type'] = 'application/json';
      } else {
        payload = qs.stringify(body);
        headers['content-type'] = 'application/x-www-form-urlencoded';
      }
    } catch {
      return null; // a lone surrogate cannot be percent-encoded: the JSON runs send those
    }
    this.tried++;
    const res = await fetch(url, { method, headers, body: payload, redirect: 'manual' });
    const got = await res.text();
    this.statuses.set(res.status, (this.statuses.get(res.status) ?? 0) + 1);
    const what = `${method} ${url.pathname}${url.search.slice(0, 120)} → ${res.status}`;
    if (res.status >= 500) this.fiveHundreds.push(`${what} ${got.slice(0, 200)}`);
    if (res.status >= 400 && url.pathname.startsWith('/api/')) {
      let message: unknown;
      try {
        message = (JSON.parse(got) as { message?: unknown }).message;
      } catch {
        message = undefined;
      }
      if (typeof message !== 'string' || !CHINESE.test(message))
        this.shapes.push(`${what} ${got.slice(0, 120)}`);
    }
    return res.status;
  }

  /**
   * Every method of every endpoint (ending the session last), RUNS times each, as a client drawn
   * from `as`; `skip` leaves out path segments the sweep must not act on.
   */
  async endpoints(
    endpoints: Endpoint[],
    as: fc.Arbitrary<Client>,
    skip: (route: string, segs: string[]) => boolean = () => false,
  ): Promise<void> {
    for (const e of logoutLast(endpoints))
      for (const method of e.methods)
        await fc.assert(
          fc.asyncProperty(
            segments,
            params(e.fields.length ? e.fields : ['id']),
            fc.boolean(),
            as,
            async (segs, body, asJson, c) => {
              fc.pre(!skip(e.route, segs));
              await this.send(c, method, fill(e.route, segs), body, asJson);
            },
          ),
          { numRuns: RUNS },
        );
  }

  /** Every page, half as many runs, with its own fields and `query` in the query string. */
  async pages(pages: Endpoint[], as: fc.Arbitrary<Client>, query: string[]): Promise<void> {
    for (const { route, fields } of pages)
      await fc.assert(
        fc.asyncProperty(segments, params([...fields, ...query]), as, async (segs, q, c) => {
          await this.send(c, 'GET', fill(route, segs), q, false);
        }),
        { numRuns: Math.max(2, Math.ceil(RUNS / 2)) },
      );
  }
}

/** Endpoints in an order that leaves ending the session for last. */
export const logoutLast = (endpoints: Endpoint[]): Endpoint[] =>
  [...endpoints].sort((a, b) => Number(/logout/.test(a.route)) - Number(/logout/.test(b.route)));

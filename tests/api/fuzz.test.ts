// Bad input is normal input: every endpoint, found from src/pages/api, is sent wrong types, missing
// and unknown fields, huge and negative numbers, control characters, unicode, SQL and script
// strings and other stores' ids, as a visitor and as a member of its own. None may answer 5xx, and
// every error must be the API's JSON with a Chinese message. Pages get hostile path segments and
// query strings and must not answer 5xx either.
import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, Client } from '../support/http.ts';
import { type Member, registerMember } from '../support/members.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 8);
const CHINESE = /[\u4e00-\u9fff]/;

interface Endpoint {
  route: string;
  methods: string[];
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

const SHARED_FIELDS = fieldsIn(
  filesUnder(path.join(ROOT, 'src/server'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n'),
);

function apiEndpoints(): Endpoint[] {
  const dir = path.join(ROOT, 'src/pages/api');
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
      return { route, methods, fields: fieldsIn(text) };
    });
}

function pageRoutes(): string[] {
  const dir = path.join(ROOT, 'src/pages');
  return filesUnder(dir)
    .filter((f) => f.endsWith('.astro') && !f.includes(`${path.sep}api${path.sep}`))
    .map(
      (f) =>
        `/${path
          .relative(dir, f)
          .replace(/\.astro$/, '')
          .replace(/(^|\/)index$/, '')}`,
    );
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
// Path segments as they travel (already percent-encoded), including malformed escapes.
const segment = fc.oneof(
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
);
const params = (fields: string[]) =>
  fc.dictionary(
    fc.constantFrom(...fields, ...SHARED_FIELDS.slice(0, 80), 'zzz', 'a[b][c][d][e][f]'),
    value,
    {
      maxKeys: 6,
    },
  );

let tried = 0;
const fiveHundreds: string[] = [];
const shapes: string[] = [];

async function send(
  c: Client,
  method: string,
  route: string,
  body: Record<string, unknown>,
  asJson: boolean,
): Promise<void> {
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
    return; // a lone surrogate cannot be percent-encoded: the JSON runs send those
  }
  tried++;
  const res = await fetch(url, { method, headers, body: payload, redirect: 'manual' });
  const got = await res.text();
  const what = `${method} ${url.pathname}${url.search.slice(0, 120)} → ${res.status}`;
  if (res.status >= 500) fiveHundreds.push(`${what} ${got.slice(0, 200)}`);
  if (res.status >= 400 && url.pathname.startsWith('/api/')) {
    let message: unknown;
    try {
      message = (JSON.parse(got) as { message?: unknown }).message;
    } catch {
      message = undefined;
    }
    if (typeof message !== 'string' || !CHINESE.test(message))
      shapes.push(`${what} ${got.slice(0, 120)}`);
  }
}

const endpoints = apiEndpoints();
let member: Member;

beforeAll(async () => {
  member = await registerMember();
});

afterAll(() => {
  console.log(
    `[fuzz] ${tried} requests to ${endpoints.length} endpoints and ${pageRoutes().length} pages`,
  );
});

const fill = (route: string, segs: string[]) => {
  let i = 0;
  return route.replace(/\[(\.\.\.)?[a-z_]+\]/gi, () => segs[i++ % segs.length] ?? '1');
};

describe('hostile input sweep', () => {
  it('no endpoint answers 5xx or a non-JSON error, as a visitor or a member', async () => {
    expect(endpoints.length).toBeGreaterThan(100);
    const visitor = new Client(baseURL());
    // Ending the session comes last, so the member's other runs are a member's.
    const ordered = [...endpoints].sort(
      (a, b) => Number(/logout/.test(a.route)) - Number(/logout/.test(b.route)),
    );
    for (const e of ordered) {
      for (const method of e.methods) {
        await fc.assert(
          fc.asyncProperty(
            fc.array(segment, { minLength: 1, maxLength: 3 }),
            params(e.fields.length ? e.fields : ['id']),
            fc.boolean(),
            fc.boolean(),
            async (segs, body, asJson, asMember) => {
              await send(
                asMember ? member.client : visitor,
                method,
                fill(e.route, segs),
                body,
                asJson,
              );
            },
          ),
          { numRuns: RUNS },
        );
      }
    }
    expect(fiveHundreds).toEqual([]);
    expect(shapes).toEqual([]);
  }, 600_000);

  it('no page answers 5xx to hostile path segments or query strings', async () => {
    const fresh = await registerMember();
    for (const route of pageRoutes()) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 1, maxLength: 3 }),
          params(['page', 'keywords', 'id', 'type', 'sort', 'redirect', 'goods_price_id']),
          fc.boolean(),
          async (segs, query, asMember) => {
            await send(
              asMember ? fresh.client : new Client(baseURL()),
              'GET',
              fill(route, segs),
              query,
              false,
            );
          },
        ),
        { numRuns: Math.max(2, Math.ceil(RUNS / 2)) },
      );
    }
    expect(fiveHundreds).toEqual([]);
  }, 600_000);
});

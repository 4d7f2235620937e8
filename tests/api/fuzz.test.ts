// Bad input is normal input: every endpoint, found from src/pages/api, is sent wrong types, missing
// and unknown fields, huge and negative numbers, control characters, unicode, SQL and script
// strings and other stores' ids, as a visitor and as a member of its own. None may answer 5xx, and
// every error must be the API's JSON with a Chinese message. Pages get hostile path segments and
// query strings and must not answer 5xx either. The back office's sweep, signed in as staff, is
// fuzz-staff.test.ts.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiEndpoints,
  fill,
  logoutLast,
  pageRoutes,
  params,
  RUNS,
  segments,
  Sweep,
} from '../support/fuzz.ts';
import { baseURL, Client } from '../support/http.ts';
import { type Member, registerMember } from '../support/members.ts';

const sweep = new Sweep();
const endpoints = apiEndpoints();
let member: Member;

beforeAll(async () => {
  member = await registerMember();
});

afterAll(() => {
  console.log(
    `[fuzz] ${sweep.tried} requests to ${endpoints.length} endpoints and ${pageRoutes().length} pages`,
  );
});

describe('hostile input sweep', () => {
  it('no endpoint answers 5xx or a non-JSON error, as a visitor or a member', async () => {
    expect(endpoints.length).toBeGreaterThan(100);
    const visitor = new Client(baseURL());
    for (const e of logoutLast(endpoints)) {
      for (const method of e.methods) {
        await fc.assert(
          fc.asyncProperty(
            segments,
            params(e.fields.length ? e.fields : ['id']),
            fc.boolean(),
            fc.boolean(),
            async (segs, body, asJson, asMember) => {
              await sweep.send(
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
    expect(sweep.fiveHundreds).toEqual([]);
    expect(sweep.shapes).toEqual([]);
  }, 600_000);

  it('no page answers 5xx to hostile path segments or query strings', async () => {
    const fresh = await registerMember();
    for (const { route, fields } of pageRoutes()) {
      await fc.assert(
        fc.asyncProperty(
          segments,
          params([
            ...fields,
            'page',
            'keywords',
            'id',
            'type',
            'sort',
            'redirect',
            'goods_price_id',
          ]),
          fc.boolean(),
          async (segs, query, asMember) => {
            await sweep.send(
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
    expect(sweep.fiveHundreds).toEqual([]);
  }, 600_000);
});

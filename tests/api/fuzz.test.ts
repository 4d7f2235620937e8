// Bad input is normal input: every endpoint, found from src/pages/api, is sent wrong types, missing
// and unknown fields, huge and negative numbers, control characters, unicode, SQL and script
// strings and other stores' ids, as a visitor and as a member of its own. None may answer 5xx, and
// every error must be the API's JSON with a Chinese message. Pages get hostile path segments and
// query strings and must not answer 5xx either. The back office's sweep, signed in as staff, is
// fuzz-staff.test.ts.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEndpoints, pageRoutes, Sweep } from '../support/fuzz.ts';
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
    await sweep.endpoints(endpoints, fc.constantFrom<Client>(visitor, member.client));
    expect(sweep.fiveHundreds).toEqual([]);
    expect(sweep.shapes).toEqual([]);
  }, 600_000);

  it('no page answers 5xx to hostile path segments or query strings', async () => {
    const fresh = await registerMember();
    await sweep.pages(pageRoutes(), fc.constantFrom<Client>(new Client(baseURL()), fresh.client), [
      'page',
      'keywords',
      'id',
      'type',
      'sort',
      'redirect',
      'goods_price_id',
    ]);
    expect(sweep.fiveHundreds).toEqual([]);
  }, 600_000);
});

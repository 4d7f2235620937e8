// Other stores' data is hostile input too. Store A has an address, orders (paid, shipped, with a
// return request; and unpaid), a cart line, a favourite, feedback, a wanted request and a chat
// message, most of them marked with a string no other store has. Store B then calls every buyer
// endpoint with A's ids in the path and in every field. B must never see A's marker, phone or
// login, nor A's answer byte for byte where the path names a record of the store (an order, a
// licence file, an invoice), unless a visitor gets it too; and A's records must be as they were.
import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { askReturn, freshBuyer, pay, placeOrder, ship } from '../support/backoffice.ts';
import { say } from '../support/chat.ts';
import { apiEndpoints, fill, logoutLast } from '../support/fuzz.ts';
import { baseURL, Client } from '../support/http.ts';
import { uniquePhone, uniqueUsername } from '../support/members.ts';
import { addBuyable } from '../support/shop.ts';

const TAG = Array.from({ length: 6 }, () => '甲乙丙丁戊己庚辛壬癸'[randomInt(0, 10)]).join('');
const MARKER = `越权${TAG}`;
const phone = uniquePhone();
const username = uniqueUsername();
let a: Client;
let b: Client;
/** A's conversation with the shop: not among A_READS, since the desk may answer meanwhile */
let chatIds: Set<number>;

/** What A reads of its own records, for finding its ids and for seeing that nothing changed. */
const A_READS = [
  '/api/order',
  '/api/user/address',
  '/api/cart/list',
  '/api/favorite',
  '/api/user/buy',
  '/api/user/feedback',
  '/api/user/messages',
  '/api/user/zizhi',
  '/api/user/stores',
  '/api/user/invoice',
  '/api/user/user_money',
  '/api/user/user_money_log',
];

/** Where an id in the path names a record of the signed-in store (goods, brands, draws are not). */
const ACCOUNT_SCOPED = /^\/api\/(order|user|cart|favorite|pay|chat)\//;

async function readsOf(c: Client): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const path of A_READS) out[path] = (await c.get(path)).body;
  return out;
}

/** Every number under an `id` or `…_id` key. */
function idsIn(v: unknown, into = new Set<number>()): Set<number> {
  if (Array.isArray(v)) for (const x of v) idsIn(x, into);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      if ((k === 'id' || k.endsWith('_id')) && typeof x === 'number' && x > 0) into.add(x);
      else idsIn(x, into);
    }
  return into;
}

beforeAll(async () => {
  a = await freshBuyer(
    { balance: 5_000_000, creditLimit: 5_000_000 },
    { username, phone, company_name: `${MARKER}大药房`, contact_name: MARKER },
  );
  b = await freshBuyer({ balance: 5_000_000, creditLimit: 5_000_000 });
  // The orders go to this address: their details carry the marker.
  const address = await a.post('/api/user/address', {
    consignee: MARKER,
    phone,
    province: '湖北省',
    city: '武汉市',
    district: '洪山区',
    detail: `${MARKER}路 8 号`,
    is_default: '1',
  });
  expect(address.status, JSON.stringify(address.body)).toBe(201);
  const order = await pay(a, await placeOrder(a, 200, 2), 'balance');
  expect(JSON.stringify((await a.get(`/api/order/${order.id}`)).body)).toContain(MARKER);
  await ship(a, order.id);
  await askReturn(a, order, 1);
  await placeOrder(a, 260, 1);
  await addBuyable(a, 320);
  expect((await a.post('/api/favorite', { goods_ids: [order.lines[0].goods_id] })).status).toBe(
    201,
  );
  const feedback = await a.post('/api/user/feedback', { content: `${MARKER}的意见反馈` });
  expect(feedback.status, JSON.stringify(feedback.body)).toBeLessThan(300);
  const wanted = await a.post('/api/user/buy', {
    goods_name: `${MARKER}求购`,
    quantity: '2',
    phone,
  });
  expect(wanted.status, JSON.stringify(wanted.body)).toBeLessThan(300);
  const asked = await say(a, '/api/chat/messages', `${MARKER}的咨询`);
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  chatIds = idsIn((await a.get('/api/chat/messages')).body);
}, 120_000);

describe("another store's ids", () => {
  it("never show B A's records, and B's calls leave them as they were", async () => {
    const before = await readsOf(a);
    const ids = [...idsIn(before, new Set(chatIds))].sort((x, y) => x - y);
    expect(ids.length).toBeGreaterThan(10);
    const visitor = new Client(baseURL());
    const leaks: string[] = [];
    const secrets = [MARKER, phone, username];
    let calls = 0;
    // B stays signed in until its logout comes last: a sweep of 401s would prove nothing.
    const signedOut: string[] = [];
    const endpoints = logoutLast(
      apiEndpoints().filter((e) => !/^\/api\/(admin|dev)(\/|$)/.test(e.route)),
    );
    for (const e of endpoints) {
      const hasParams = e.route.includes('[');
      for (const method of e.methods) {
        for (const id of hasParams || e.fields.length ? ids : [0]) {
          const path = fill(e.route, [String(id)]);
          const forms = [
            Object.fromEntries(e.fields.map((f) => [f, String(id)])),
            Object.fromEntries(e.fields.map((f) => [f, [String(id)]])),
          ];
          for (const form of method === 'GET' || method === 'DELETE' ? forms.slice(0, 1) : forms) {
            const res =
              method === 'GET' || method === 'DELETE'
                ? await b.request(method, path, { query: form })
                : await b.request(method, path, { form });
            calls++;
            if (res.status === 401 && !e.route.endsWith('/logout'))
              signedOut.push(`${method} ${path}`);
            const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
            for (const s of secrets)
              if (text.includes(s)) leaks.push(`${method} ${path} → ${res.status} shows ${s}`);
            if (method === 'GET' && hasParams && ACCOUNT_SCOPED.test(path) && res.status === 200) {
              const own = await a.request('GET', path, { query: form });
              const open = await visitor.request('GET', path, { query: form });
              const same = (x: { body: unknown }) => JSON.stringify(x.body) === text;
              if (own.status === 200 && same(own) && !(open.status === 200 && same(open)))
                leaks.push(`${method} ${path} → B gets A's private answer`);
            }
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(2000);
    expect(signedOut).toEqual([]);
    expect(leaks).toEqual([]);
    expect(await readsOf(a)).toEqual(before);
  }, 600_000);
});

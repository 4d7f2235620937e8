// Bad input is normal input in the back office too: every /api/admin endpoint, signed in as an
// administrator (who may call all of them), gets the hostile forms, queries and path segments of
// the buyer-side sweep (support/fuzz.ts), and every back-office page gets hostile query strings.
// None may answer 5xx, and every API error must be JSON with a Chinese message, and the demo
// stores' books must still agree afterwards (each ledger row follows from the one before, the last
// one is the wallet). The sweep approves, ships, refunds and deletes whatever its random ids hit,
// so it runs on a server of its own.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEndpoints, pageRoutes, Sweep } from '../support/fuzz.ts';
import { companyIdOf, pay, placeOrder } from '../support/backoffice.ts';
import { Client } from '../support/http.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const sweeps: Sweep[] = [];
const endpoints = apiEndpoints('/api/admin');
let own: RunningServer;
let admin: Client;
/** the administrator's own staff id: the sweep neither resets nor disables the account it uses */
let ownId: string;

function newSweep(): Sweep {
  const s = new Sweep();
  sweeps.push(s);
  return s;
}

const DEMO_BUYERS = ['demo', 'clinic', 'chain'];
const ACCOUNTS = [
  { useType: 1, wallet: 'money', money: true },
  { useType: 2, wallet: 'credit_used', money: true },
  { useType: 3, wallet: 'points', money: false },
] as const;
const units = (v: string | number, money: boolean) =>
  money ? Math.round(Number(v) * 100) : Number(v);

/**
 * Where a demo store's books disagree: a ledger row whose balance does not follow from the row
 * before it, or a wallet that is not its ledger's last balance. Empty when they agree.
 */
async function booksDisagreements(login: string): Promise<string[]> {
  const buyer = new Client(own.url);
  expect((await buyer.post('/api/login', { username: login, password: 'yaopi2026' })).status).toBe(
    200,
  );
  const wallet = (await buyer.get('/api/user/user_money')).body.data;
  const found: string[] = [];
  for (const a of ACCOUNTS) {
    const rows: {
      id: number;
      amount: string | number;
      direction: number;
      balance_after: string | number;
    }[] = [];
    for (let page = 1; ; page++) {
      const res = await buyer.get('/api/user/user_money_log', {
        use_type: a.useType,
        page,
        per_page: 50,
      });
      rows.push(...res.body.data);
      if (page >= res.body.last_page) break;
    }
    rows.sort((x, y) => x.id - y.id);
    let balance: number | null = null;
    for (const r of rows) {
      const after = units(r.balance_after, a.money);
      const moved = r.direction * units(r.amount, a.money);
      if (balance !== null && after !== balance + moved)
        found.push(
          `${login} ${a.wallet} row ${r.id}: ${balance} ${moved >= 0 ? '+' : ''}${moved} ≠ ${after}`,
        );
      balance = after;
    }
    if ((balance ?? 0) !== units(wallet[a.wallet], a.money))
      found.push(`${login} ${a.wallet}: wallet ${wallet[a.wallet]}, ledger ends at ${balance}`);
  }
  return found;
}

/** The share of calls answered past sign-in and roles: a sweep refused at the door tests nothing. */
const pastTheDoor = (s: Sweep) =>
  1 - ((s.statuses.get(401) ?? 0) + (s.statuses.get(403) ?? 0)) / Math.max(1, s.tried);

beforeAll(async () => {
  own = await startServer({ SEED_GOODS: '200' });
  admin = new Client(own.url);
  const signIn = await admin.post('/api/admin/login', { login: 'admin', password: 'yaopi2026' });
  expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
  ownId = String((await admin.get('/api/admin/me')).body.data.id);
  // Money the sweep's refunds, cancellations and payment calls can move: orders of the demo store,
  // paid from its balance, paid on credit and left unpaid.
  const buyer = new Client(own.url);
  expect((await buyer.post('/api/login', { username: 'demo', password: 'yaopi2026' })).status).toBe(
    200,
  );
  const credit = await admin.post(`/api/admin/stores/${await companyIdOf(buyer)}/credit`, {
    credit_limit: '5000.00',
  });
  expect(credit.status, JSON.stringify(credit.body)).toBe(200);
  await pay(buyer, await placeOrder(buyer, 1), 'balance');
  await pay(buyer, await placeOrder(buyer, 1), 'credit');
  await placeOrder(buyer, 1);
  expect(await booksDisagreements('demo')).toEqual([]);
}, 180_000);

afterAll(async () => {
  for (const s of sweeps)
    console.log(
      `[fuzz-staff] ${s.tried} requests, statuses ${JSON.stringify(Object.fromEntries(s.statuses))}`,
    );
  await own?.stop();
});

// Pages first: the endpoints' sweep ends with signing out.
describe('hostile input sweep of the back office', () => {
  it('no back-office page answers 5xx to hostile path segments or query strings', async () => {
    const sweep = newSweep();
    const pages = pageRoutes('/admin');
    expect(pages.length).toBeGreaterThan(20);
    await sweep.pages(pages, fc.constant(admin), [
      'page',
      'q',
      'status',
      'type',
      'edit',
      'id',
      'from',
      'to',
    ]);
    expect(sweep.fiveHundreds).toEqual([]);
    expect(pastTheDoor(sweep)).toBeGreaterThan(0.9);
  }, 600_000);

  it('no back-office endpoint answers 5xx or a non-JSON error to a signed-in administrator', async () => {
    expect(endpoints.length).toBeGreaterThan(100);
    const sweep = newSweep();
    await sweep.endpoints(
      endpoints,
      fc.constant(admin),
      (route, segs) => route.startsWith('/api/admin/staff/') && segs[0] === ownId,
    );
    expect(sweep.fiveHundreds).toEqual([]);
    expect(sweep.shapes).toEqual([]);
    expect(pastTheDoor(sweep)).toBeGreaterThan(0.9);
    for (const login of DEMO_BUYERS) expect(await booksDisagreements(login)).toEqual([]);
  }, 900_000);
});

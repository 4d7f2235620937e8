// The demo shop's month of orders (seed/tradeHistory.ts), as `npm start` makes it: work waiting
// on every desk, orders spread over the month with numbers that carry their own placing time, a
// ledger still in order after the orders moved back to their days, and reports that agree with
// the orders they sum. A server of its own: the other suites start without the history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let own: RunningServer;
let admin: Client;
let buyer: Client;

type Order = {
  id: number;
  no: string;
  status: string;
  payable_amount: string;
  created_at: string;
  paid_at: string | null;
  shipped_at: string | null;
  completed_at: string | null;
  cancel_request: unknown;
  company: { id: number; name: string };
};
type LedgerRow = {
  id: number;
  kind: string;
  remark: string;
  order_id: number | null;
  created_at: string;
  amount: string;
  direction: number;
  balance_after: string;
};

const fen = (yuan: string) => Math.round(Number(yuan) * 100);
/** The instant an order number's digits (YP + the shop's wall clock to the second) stand for. */
const numberedAt = (no: string) =>
  Date.parse(
    `${no.slice(2, 6)}-${no.slice(6, 8)}-${no.slice(8, 10)}T${no.slice(10, 12)}:${no.slice(12, 14)}:${no.slice(14, 16)}+08:00`,
  );

async function all<T>(c: Client, path: string, perPage = 100): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const res = await c.get(
      `${path}${path.includes('?') ? '&' : '?'}page=${page}&per_page=${perPage}`,
    );
    expect(res.status).toBe(200);
    out.push(...res.body.data);
    if (page >= (res.body.last_page ?? 1)) return out;
  }
}

let orders: Order[];
beforeAll(async () => {
  own = await startServer({ SEED_GOODS: '800', SEED_HISTORY: '1' });
  admin = new Client(own.url);
  expect(
    (await admin.post('/api/admin/login', { login: 'admin', password: 'yaopi2026' })).status,
  ).toBe(200);
  buyer = new Client(own.url);
  expect((await buyer.post('/api/login', { username: 'demo', password: 'yaopi2026' })).status).toBe(
    200,
  );
  orders = await all<Order>(admin, '/api/admin/orders?status=all');
}, 240_000);
afterAll(async () => {
  await own?.stop();
});

describe('the demo history', () => {
  it('leaves work on every desk of the back office', async () => {
    const counts = (await admin.get('/api/admin/orders?status=paid')).body.counts;
    expect(counts.paid).toBeGreaterThanOrEqual(3);
    expect(counts.unpaid).toBeGreaterThanOrEqual(1);
    expect(counts.shipped).toBeGreaterThanOrEqual(1);
    expect(counts.completed).toBeGreaterThanOrEqual(20);
    const toShip = await all<Order>(admin, '/api/admin/orders?status=paid');
    expect(toShip.some((o) => o.cancel_request !== null)).toBe(true);
    const transfers = (await admin.get('/api/admin/payments?status=pending')).body;
    expect(transfers.total).toBeGreaterThanOrEqual(1);
    const returns = (await admin.get('/api/admin/returns?status=pending')).body;
    expect(returns.total).toBeGreaterThanOrEqual(1);
    const refunds = await all<{ status: string; method: string }>(admin, '/api/admin/refunds');
    expect(refunds.some((r) => r.status === 'pending' && r.method === 'transfer')).toBe(true);
  });

  it("has the pharmacy's older orders invoiced, and one invoice to red-letter after a return", async () => {
    const pharmacy = orders.filter((o) => o.company.name === '武汉仁心大药房');
    const older = pharmacy.filter(
      (o) => o.status === 'completed' && Date.parse(o.created_at) < Date.now() - 8 * 86_400_000,
    );
    expect(older.length).toBeGreaterThan(3);
    for (const o of older) {
      const inv = (await admin.get(`/api/admin/orders/${o.id}/invoice`)).body.data;
      expect(inv.status, o.no).toBe('issued');
      // issued after the order shipped, on a day of the history
      expect(inv.issued_on >= o.shipped_at!.slice(0, 10), o.no).toBe(true);
      const file = await admin.get(`/api/admin/orders/${o.id}/invoice/file`);
      expect(file.status).toBe(200);
      expect(String(file.body).startsWith('%PDF-')).toBe(true);
    }
    const toCorrect = (await admin.get('/api/admin/invoices?state=to_correct')).body;
    expect(toCorrect.total).toBe(1);
    expect(toCorrect.data[0].company.name).toBe('武汉仁心大药房');
    // The chain's stores have no tax number yet: their invoices wait, marked.
    const toIssue = await all<{ company: { name: string }; missing: string[] }>(
      admin,
      '/api/admin/invoices',
    );
    expect(toIssue.some((r) => r.company.name.startsWith('益康') && r.missing.length > 0)).toBe(
      true,
    );
  });

  it('spreads the orders over the month, each numbered by the time it was placed', () => {
    const days = new Set(orders.map((o) => o.created_at.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(25);
    for (const o of orders) {
      // The number is made in the placing transaction, within a second or two of its start.
      const lag = numberedAt(o.no) - Date.parse(o.created_at);
      expect(lag, `${o.no} placed ${o.created_at}`).toBeGreaterThan(-1000);
      expect(lag, `${o.no} placed ${o.created_at}`).toBeLessThan(5000);
    }
  });

  it('lets each order take its time: paid, then shipped on a later day, then received', () => {
    const at = (t: string | null) => (t === null ? null : Date.parse(t));
    for (const o of orders) {
      const times = [o.created_at, o.paid_at, o.shipped_at, o.completed_at].map(at);
      const known = times.filter((t): t is number => t !== null);
      expect(known, o.no).toEqual([...known].sort((a, b) => a - b));
    }
    const completed = orders.filter((o) => o.status === 'completed');
    const day = (t: string) => t.slice(0, 10);
    const shippedLater = completed.filter((o) => day(o.shipped_at!) > day(o.created_at));
    const receivedLater = completed.filter((o) => day(o.completed_at!) > day(o.shipped_at!));
    expect(shippedLater.length).toBeGreaterThan(completed.length / 2);
    expect(receivedLater.length).toBeGreaterThan(completed.length / 2);
    // Placed within working hours (08:30–18:00), but for today's, placed when the shop started.
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    for (const o of orders.filter((x) => x.created_at.slice(0, 10) !== today)) {
      const hhmm = o.created_at.slice(11, 16);
      expect(hhmm >= '08:30' && hhmm <= '18:01', o.created_at).toBe(true);
    }
  });

  it("keeps each store's ledgers in order: each balance the one before plus the move, in time", async () => {
    const chain = new Client(own.url);
    expect(
      (await chain.post('/api/login', { username: 'chain', password: 'yaopi2026' })).status,
    ).toBe(200);
    const byId = new Map(orders.map((o) => [o.id, o]));
    // balance, credit used, points; for the pharmacy and the chain's current store
    for (const [store, client] of [
      ['demo', buyer],
      ['chain', chain],
    ] as const)
      for (const type of [1, 2, 3]) {
        const ledger = (
          await all<LedgerRow>(client, `/api/user/user_money_log?use_type=${type}`, 50)
        ).sort((a, b) => a.id - b.id);
        const where = `${store} ledger ${type}`;
        if (type !== 2) expect(ledger[0]?.kind, where).toBe('opening');
        expect(ledger.length, where).toBeGreaterThan(type === 2 ? 0 : 3);
        let before = 0;
        let at = 0;
        for (const row of ledger) {
          const moved = row.direction * (type === 3 ? Number(row.amount) : fen(row.amount));
          const after = type === 3 ? Number(row.balance_after) : fen(row.balance_after);
          if (row.kind !== 'opening') expect(after, `${where} #${row.id}`).toBe(before + moved);
          expect(Date.parse(row.created_at), `${where} #${row.id}`).toBeGreaterThanOrEqual(at);
          // A row that quotes its order's number quotes it as it now reads.
          const quoted = /YP\d{14}[0-9A-F]{6}/.exec(row.remark)?.[0];
          if (row.order_id !== null && quoted) expect(quoted).toBe(byId.get(row.order_id)!.no);
          [before, at] = [after, Date.parse(row.created_at)];
        }
      }
  });

  it('counts on the workbench what waits on each desk, and shows each role its own desks', async () => {
    const page = await admin.get('/admin');
    expect(page.status).toBe(200);
    const html = String(page.body);
    const tile = (key: string) => {
      const m = new RegExp(
        `data-testid="todo-${key}"[^]*?data-testid="todo-count"[^>]*>(\\d+)<`,
      ).exec(html);
      return m ? Number(m[1]) : null;
    };
    const total = async (path: string) => (await admin.get(path)).body.total as number;
    const counts = (await admin.get('/api/admin/orders?status=paid')).body.counts;
    const desks: Record<string, number> = {
      licences: await total('/api/admin/licences?state=pending'),
      orders: counts.paid,
      slips: await total('/api/admin/slips?status=uploaded'),
      transfers: await total('/api/admin/payments?status=pending'),
      refunds: await total('/api/admin/refunds?status=waiting'),
      invoices: await total('/api/admin/invoices'),
      'invoices-correct': await total('/api/admin/invoices?state=to_correct'),
      'out-of-stock': await total('/api/admin/goods?on_sale=1&stock=out'),
      'low-stock': await total('/api/admin/goods?on_sale=1&stock=low'),
      'returns-review': await total('/api/admin/returns?status=pending'),
      'returns-receive': await total('/api/admin/returns?status=approved'),
      'returns-refund': await total('/api/admin/returns?status=received'),
      feedback: await total('/api/admin/inbox/feedback?status=pending'),
      wanted: await total('/api/admin/inbox/wanted?status=pending'),
    };
    for (const [key, n] of Object.entries(desks)) expect(tile(key), key).toBe(n);
    // The history leaves work on these: the tiles cannot all be 0 by accident.
    for (const key of [
      'invoices-correct',
      'licences',
      'orders',
      'transfers',
      'refunds',
      'returns-review',
      'feedback',
      'wanted',
    ])
      expect(tile(key), key).toBeGreaterThan(0);
    expect(tile('chats')).toBe(1);

    const warehouse = new Client(own.url);
    await warehouse.post('/api/admin/login', { login: 'warehouse', password: 'yaopi2026' });
    const mine = String((await warehouse.get('/admin')).body);
    const keys = [...mine.matchAll(/data-testid="todo-([a-z-]+)"/g)]
      .map((m) => m[1])
      .filter((k) => k !== 'count');
    expect(keys).toEqual(['orders', 'slips', 'returns-receive']);
  });

  it('reports the orders it holds, day by day', async () => {
    const first = orders.map((o) => o.created_at.slice(0, 10)).sort()[0]!;
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const res = await admin.get(`/api/admin/reports/sales?from=${first}&to=${today}`);
    expect(res.status).toBe(200);
    const kept = orders.filter((o) => o.status !== 'cancelled');
    expect(res.body.data.orders).toBe(kept.length);
    expect(fen(res.body.data.amount)).toBe(kept.reduce((s, o) => s + fen(o.payable_amount), 0));
    for (const point of res.body.data.series as { period: string; orders: number }[])
      expect(point.orders, point.period).toBe(
        kept.filter((o) => o.created_at.slice(0, 10) === point.period).length,
      );
  });
});

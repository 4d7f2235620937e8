// An online refund is a job written with the refund itself: sent to the provider at once, retried
// with backoff while the provider fails, paid back once. The sandbox here fails each refund twice
// before taking it; the resend sweep runs only every 120 s, so a refund settled within seconds was
// sent and retried by its job. Runs on the suite's engine: in-process jobs on the embedded
// database, pg-boss on PostgreSQL.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { addBuyable, submissionKey } from '../support/shop.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    SEED_GOODS: '300',
    PAY_SANDBOX_REFUND_FAULTS: '2',
    // Retries 1 s apart and doubling; the resend sweep every 120 s.
    JOBS_TICK_S: '12',
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

async function loginAt(path: string, form: object): Promise<Client> {
  const c = new Client(server.url);
  const res = await c.post(path, form);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return c;
}

async function until<T>(what: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('online refunds as jobs', () => {
  it('a staff cancel of an order paid online: refund sent at once, retried twice, paid back once', async () => {
    const buyer = await loginAt('/api/login', { username: 'demo', password: 'yaopi2026' });
    const admin = await loginAt('/api/admin/login', { login: 'admin', password: 'yaopi2026' });
    const line = await addBuyable(buyer, 1, 2);
    const placed = await buyer.post('/api/order', { key: submissionKey(), ids: [line.id] });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId: number = placed.body.data.order_ids[0];
    const start = await buyer.post('/api/pay/online', { order_id: orderId, provider: 'sandbox' });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(
      (await buyer.post('/api/pay/sandbox/confirm', { payment_id: start.body.data.payment_id }))
        .status,
    ).toBe(200);
    const paid = await until(
      async () => (await buyer.get(`/api/order/${orderId}`)).body.data,
      (o) => o.status === 'paid',
      10_000,
    );
    expect(paid.status).toBe('paid');

    const cancelled = await admin.post(`/api/admin/orders/${orderId}/cancel`, {
      reason: '缺货，与客户协商取消',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const [made] = cancelled.body.data.refunds;
    expect(made).toMatchObject({ method: 'online', amount: paid.payable_amount });
    expect(made.status).not.toBe('succeeded');

    const refund = await until(
      async () => (await admin.get(`/api/admin/orders/${orderId}`)).body.data.refunds[0],
      (r) => r.status === 'succeeded',
      20_000,
    );
    expect(refund.status).toBe('succeeded');
    const failures = server
      .output()
      .split('\n')
      .filter((l) => l.includes('provider refund failed') && l.includes(`"refundId":${made.id}`));
    expect(failures).toHaveLength(2);

    const ledger = (await buyer.get('/api/user/user_money_log', { per_page: 50 })).body.data;
    const rows = (kind: string) =>
      ledger.filter((e: any) => e.order_id === orderId && e.kind === kind);
    expect(rows('order_refund')).toHaveLength(1);
    expect(rows('refund_out')).toHaveLength(1);
    const messages = (await buyer.get('/api/user/messages')).body.data;
    expect(
      messages.filter((m: any) => m.title === '退款已到账' && m.content.includes(paid.no)),
    ).toHaveLength(1);

    if (server.databaseUrl) {
      // On PostgreSQL: one job for the refund, which pg-boss retried twice.
      const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
      try {
        const jobs = await pool.query(
          `SELECT state, retry_count FROM pgboss.job WHERE name = 'refunds.send' AND singleton_key = $1`,
          [`refund-${made.id}`],
        );
        expect(jobs.rows).toEqual([{ state: 'completed', retry_count: 2 }]);
      } finally {
        await pool.end();
      }
    }
  });
});

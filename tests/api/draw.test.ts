import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, baseURL } from '../support/http.ts';
import { registerMember } from '../support/members.ts';
import { staffLogin } from '../support/staff.ts';

// Lucky draw: each test makes its own activity through the merchandiser's call, so the seeded
// pop-up activity and other files are never disturbed. On PostgreSQL 20 different members race
// for 5 prizes; on PGlite (one connection, serialised) one member's 20 simultaneous draws do.
const databaseUrl = inject('databaseUrl');
const onPostgres = databaseUrl !== '';
const pool = onPostgres ? new pg.Pool({ connectionString: databaseUrl, max: 4 }) : null;
afterAll(async () => {
  await pool?.end();
});

const DAY = 24 * 3600 * 1000;
let merchandiser: Client;
beforeAll(async () => {
  merchandiser = await staffLogin('merchandiser');
});

type PrizeInput = {
  name: string;
  kind: 'points' | 'coupon' | 'goods';
  /** points, or a coupon's amount in yuan */
  value?: number | string;
  /** yuan, coupon prizes only */
  threshold?: string;
  weight: number;
  stock?: number | '';
  remarks?: string;
};
async function newActivity(
  prizes: PrizeInput[],
  dailyLimit = 1,
  window: [number, number] = [-DAY, DAY],
) {
  const now = Date.now();
  const res = await merchandiser.post('/api/admin/draw', {
    name: `测试抽奖${now}`,
    starts_at: new Date(now + window[0]).toISOString(),
    ends_at: new Date(now + window[1]).toISOString(),
    daily_limit: dailyLimit,
    prizes,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as {
    id: number;
    prizes: { id: number; name: string; stock: number | null }[];
  };
}

const points = async (c: Client) =>
  (await c.get('/api/user/user_money')).body.data.points as number;

describe('lucky draw as a member', () => {
  it('draws a points prize: reward through the ledger, record, masked winner, chances used up → 422', async () => {
    const m = await registerMember();
    const a = await newActivity(
      [{ name: '7积分', kind: 'points', value: 7, weight: 1, remarks: '积分已到账' }],
      2,
    );
    const before = await points(m.client);
    const first = await m.client.get('/api/draw', { id: a.id });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      name: '7积分',
      remarks: '积分已到账',
      kind: 'points',
      remaining: 1,
    });
    expect((await m.client.get('/api/draw', { id: a.id })).body.data.remaining).toBe(0);
    expect(await points(m.client)).toBe(before + 14);

    const third = await m.client.get('/api/draw', { id: a.id });
    expect(third.status).toBe(422);
    expect(third.body.message).toBe('今日抽奖次数已用完，请明天再来');
    expect(third.body.errors.id).toEqual(['今日抽奖次数已用完，请明天再来']);
    expect(await points(m.client)).toBe(before + 14);

    const activity = (await m.client.get(`/api/draw/${a.id}/activity`)).body.data;
    expect(activity).toMatchObject({
      id: a.id,
      daily_limit: 2,
      remaining: 0,
      is_join: 1,
      status: 1,
    });
    expect(activity.prizes).toEqual([
      {
        id: a.prizes[0]!.id,
        name: '7积分',
        kind: 'points',
        remarks: '积分已到账',
        sold_out: false,
      },
    ]);

    const records = await m.client.get('/api/draw/record', { per_page: 1 });
    expect(records.status).toBe(200);
    expect(records.body).toMatchObject({ total: 2, per_page: 1, last_page: 2, current_page: 1 });
    expect(records.body.data[0]).toMatchObject({
      activity_id: a.id,
      name: '7积分',
      kind: 'points',
      remarks: '积分已到账',
    });

    const winners = (await new Client().get('/api/draw/new_record', { id: a.id })).body.data;
    expect(winners).toHaveLength(2);
    expect(winners[0].prize).toBe('7积分');
    expect(winners[0].name).not.toBe(m.companyName);
    expect(winners[0].name).toContain('***');
  });

  it('a coupon prize lands in the wallet; a goods prize only as a record', async () => {
    const m = await registerMember();
    const c = await newActivity([
      {
        name: '满100减9券',
        kind: 'coupon',
        value: '9.00',
        threshold: '100.00',
        weight: 1,
        stock: 3,
        remarks: '券已放入钱包',
      },
    ]);
    expect((await m.client.get('/api/draw', { id: c.id })).status).toBe(200);
    const coupons = (await m.client.get('/api/user/coupon', { type: 1, status: 1 })).body.data;
    expect(coupons.find((x: any) => x.name === '满100减9券')).toMatchObject({
      amount: '9.00',
      threshold: '100.00',
      status: 'unused',
    });

    const g = await newActivity([
      { name: '血压计', kind: 'goods', weight: 1, stock: 1, remarks: '客服联系发货' },
    ]);
    const before = await points(m.client);
    expect((await m.client.get('/api/draw', { id: g.id })).body.data).toMatchObject({
      name: '血压计',
      kind: 'goods',
    });
    expect(await points(m.client)).toBe(before);
    expect((await m.client.get(`/api/draw/${g.id}/activity`)).body.data.prizes[0].sold_out).toBe(
      true,
    );
  });

  it('the pop-up query: a new member has not joined the running activity; after a draw has', async () => {
    const m = await registerMember();
    const simple = await m.client.get('/api/draw/simple');
    expect(simple.status).toBe(200);
    expect(simple.body.data).toEqual({ id: expect.any(Number), is_join: 0 });
    const drawn = await m.client.get('/api/draw', { id: simple.body.data.id });
    expect(drawn.status).toBe(200);
    expect(typeof drawn.body.data.name).toBe('string');
    expect((await m.client.get('/api/draw/simple')).body.data).toEqual({
      id: simple.body.data.id,
      is_join: 1,
    });
    const ads = (await m.client.get('/api/draw/ads')).body.data;
    expect(ads.map((x: any) => x.id)).toContain(simple.body.data.id);
  });

  it('refuses bad input and activities outside their window', async () => {
    const m = await registerMember();
    expect((await m.client.get('/api/draw', { id: 'abc' })).status).toBe(422);
    expect((await m.client.get('/api/draw')).status).toBe(422);
    expect((await m.client.get('/api/draw', { id: 2_000_000_000 })).status).toBe(404);
    expect((await m.client.get('/api/draw/2000000000/activity')).status).toBe(404);
    expect((await m.client.get('/api/draw/x/activity')).status).toBe(422);
    expect((await m.client.get('/api/draw/record', { page: 0 })).status).toBe(422);
    const later = await newActivity([{ name: '1积分', kind: 'points', value: 1, weight: 1 }], 1, [
      DAY,
      2 * DAY,
    ]);
    const res = await m.client.get('/api/draw', { id: later.id });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('抽奖活动尚未开始');
    const over = await newActivity([{ name: '1积分', kind: 'points', value: 1, weight: 1 }], 1, [
      -2 * DAY,
      -DAY,
    ]);
    expect((await m.client.get('/api/draw', { id: over.id })).body.message).toBe('抽奖活动已结束');
    // Only the merchandiser (or admin) creates activities: a buyer has no staff session, other staff lack the role.
    expect((await m.client.post('/api/admin/draw', { name: 'x' })).status).toBe(401);
    const reviewer = await staffLogin('reviewer');
    expect((await reviewer.post('/api/admin/draw', { name: 'x' })).status).toBe(403);
    const bad = await merchandiser.post('/api/admin/draw', { name: '', daily_limit: 0 });
    expect(bad.status).toBe(422);
  });
});

describe('lucky draw: visitors and other sites', () => {
  it('a visitor gets is_join 1 and 401 for drawing', async () => {
    const visitor = new Client();
    const simple = await visitor.get('/api/draw/simple');
    expect(simple.status).toBe(200);
    expect(simple.body.data.is_join).toBe(1);
    const res = await visitor.get('/api/draw', { id: simple.body.data.id });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('请先登录');
    expect((await visitor.get('/api/draw/record')).status).toBe(401);
  });

  it('refuses a cross-origin GET (and one naming no origin) without using a chance', async () => {
    const m = await registerMember();
    const a = await newActivity([{ name: '3积分', kind: 'points', value: 3, weight: 1 }]);
    const evil = new Client(baseURL(), 'https://evil.example');
    evil.cookies = m.client.cookies;
    const cross = await evil.get('/api/draw', { id: a.id });
    expect(cross.status).toBe(403);
    expect(cross.body.message).toBe('请求来源不合法');
    const site = await m.client.request('GET', `/api/draw?id=${a.id}`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(site.status).toBe(403);
    const bare = new Client(baseURL(), null);
    bare.cookies = m.client.cookies;
    expect((await bare.get('/api/draw', { id: a.id })).status).toBe(403);
    const viaReferer = await bare.request('GET', `/api/draw?id=${a.id}`, {
      headers: { referer: `${baseURL()}/` },
    });
    expect(viaReferer.status).toBe(200);
    expect((await m.client.get(`/api/draw/${a.id}/activity`)).body.data.remaining).toBe(0);
    // A cross-site POST is refused by the origin check as well.
    expect((await evil.post('/api/draw', { id: a.id })).status).toBe(403);
  });

  it('serves the global links', async () => {
    const res = await new Client().get('/api/global/links');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      url: expect.stringMatching(/^https?:\/\//),
    });
  });
});

/** PostgreSQL only: `n` members with sessions of their own (inserted directly, like the orders race test). */
async function members(n: number): Promise<Client[]> {
  const tag = `${process.pid}${Date.now().toString(36)}`;
  const out: Client[] = [];
  for (let i = 0; i < n; i++) {
    const a = await pool!.query(
      `INSERT INTO accounts (username, phone, password_hash) VALUES ($1, $2, 'x') RETURNING id`,
      [`draw_${tag}_${i}`, `d${tag}_${i}`],
    );
    const c = await pool!.query(
      `INSERT INTO companies (account_id, name, type, province, is_passed, jyfw) VALUES ($1, $2, 'pharmacy', '湖北省', true, '{}') RETURNING id`,
      [a.rows[0].id, `抽奖药房${i}`],
    );
    const token = randomBytes(24).toString('base64url');
    await pool!.query(
      `INSERT INTO sessions (token_hash, account_id, company_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), a.rows[0].id, c.rows[0].id],
    );
    const client = new Client();
    client.cookies.set('yaopi_session', token);
    out.push(client);
  }
  return out;
}

describe('prize stock under 20 simultaneous draws', () => {
  it('5 units: exactly 5 won, the rest refused in Chinese, stock never below zero, no 5xx', async () => {
    const a = await newActivity(
      [{ name: '限量5台', kind: 'goods', weight: 1, stock: 5, remarks: '客服联系' }],
      onPostgres ? 1 : 20,
    );
    let clients: Client[];
    if (onPostgres) clients = await members(20);
    else {
      const m = await registerMember();
      clients = Array.from({ length: 20 }, () => m.client);
    }
    const results = await Promise.all(clients.map((c) => c.get('/api/draw', { id: a.id })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('奖品已全部抽完，感谢您的参与');
    }
    expect((await clients[0]!.get(`/api/draw/${a.id}/activity`)).body.data.prizes[0].sold_out).toBe(
      true,
    );
    expect((await new Client().get('/api/draw/new_record', { id: a.id })).body.data).toHaveLength(
      5,
    );
    if (onPostgres) {
      const stock = await pool!.query('SELECT stock FROM draw_prizes WHERE activity_id = $1', [
        a.id,
      ]);
      expect(stock.rows).toEqual([{ stock: 0 }]);
      const records = await pool!.query(
        'SELECT count(*)::int AS n, count(DISTINCT company_id)::int AS c FROM draw_records WHERE activity_id = $1',
        [a.id],
      );
      expect(records.rows[0]).toEqual({ n: 5, c: 5 });
      // A refused draw rolled back: it used no chance.
      const used = await pool!.query(
        'SELECT coalesce(sum(used), 0)::int AS n FROM draw_chances WHERE activity_id = $1',
        [a.id],
      );
      expect(used.rows[0].n).toBe(5);
    } else {
      // Serialised on PGlite: the one member used exactly 5 chances, so 15 remain.
      expect((await clients[0]!.get(`/api/draw/${a.id}/activity`)).body.data.remaining).toBe(15);
      expect((await clients[0]!.get('/api/draw/record')).body.total).toBe(5);
    }
  });
});

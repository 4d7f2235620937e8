// Sequential request loops for what autocannon cannot replay blindly: logins (scrypt), and the
// cart flows where each request changes state (add to cart, cart list, place an order).

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

export function summarise(name, times, concurrency = 1, wallMs = times.reduce((a, b) => a + b, 0)) {
  const s = [...times].sort((a, b) => a - b);
  return {
    name,
    requests: s.length,
    concurrency,
    rps: (s.length / wallMs) * 1000,
    p50: pct(s, 50),
    p95: pct(s, 95),
    p99: pct(s, 99),
  };
}

export class Member {
  constructor(base) {
    this.base = base;
    this.cookie = '';
  }
  async call(method, path, form) {
    const headers = { origin: this.base, ...(this.cookie ? { cookie: this.cookie } : {}) };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(this.base + path, {
      method,
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('yaopi_session='));
    if (set) this.cookie = set.split(';')[0];
    const text = await res.text();
    let body = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* HTML */
    }
    return { status: res.status, body };
  }
  async login(username = 'demo', password = 'yaopi2026') {
    const r = await this.call('POST', '/api/login', { username, password });
    if (r.status !== 200) throw new Error(`login answered ${r.status}`);
    return this;
  }
}

async function timed(fn) {
  const t0 = performance.now();
  const r = await fn();
  return [performance.now() - t0, r];
}

/** POST /api/login at 1 and at 4 concurrent clients (scrypt dominates). */
export async function benchLogin(base, total = 40) {
  const rows = [];
  for (const concurrency of [1, 4]) {
    const times = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next++ < total) {
          const [ms, r] = await timed(() =>
            new Member(base).call('POST', '/api/login', {
              username: 'demo',
              password: 'yaopi2026',
            }),
          );
          if (r.status !== 200) throw new Error(`login answered ${r.status}`);
          times.push(ms);
        }
      }),
    );
    rows.push(summarise('POST /api/login', times, concurrency, performance.now() - started));
  }
  return rows;
}

/** Add to cart, cart list and place order for one member, one request at a time. */
export async function benchCart(base, label) {
  const m = await new Member(base).login();
  const list = await m.call('GET', '/api/cart/list');
  const old = (list.body?.data?.data ?? []).map((l) => l.id);
  if (old.length) await m.call('POST', '/api/cart/batch_delete', { ids: old.join(',') });
  const goods = (
    await m.call('GET', '/api/goods/list?per_page=100&in_stock=1&sort=sales')
  ).body.data
    .filter(
      (g) => g.is_buy && !g.is_ephedrine && !g.must_multiple && !g.purchase_limit && g.number > 200,
    )
    .map((g) => g.id);
  if (goods.length < 10) throw new Error('not enough buyable goods for the cart bench');
  const add = (id) =>
    m.call('POST', '/api/cart', { 'params[0][goods_id]': String(id), 'params[0][number]': '1' });

  const addTimes = [];
  for (let i = 0; i < 150; i++) {
    const [ms, r] = await timed(() => add(goods[i % 40]));
    if (r.status !== 200)
      throw new Error(`add to cart answered ${r.status}: ${JSON.stringify(r.body)}`);
    addTimes.push(ms);
  }
  const listTimes = [];
  for (let i = 0; i < 100; i++) {
    const [ms, r] = await timed(() => m.call('GET', '/api/cart/list'));
    if (r.status !== 200) throw new Error(`cart list answered ${r.status}`);
    listTimes.push(ms);
  }
  const orderTimes = [];
  for (let i = 0; i < 30; i++) {
    const lines = (await m.call('GET', '/api/cart/list')).body.data.data.map((l) => l.id);
    if (lines.length > 3)
      await m.call('POST', '/api/cart/batch_delete', { ids: lines.slice(3).join(',') });
    if (lines.length < 3) for (const id of goods.slice(40 + i, 43 + i)) await add(id);
    const [ms, r] = await timed(() =>
      m.call('POST', '/api/order', {
        key: `bench-${label}-${Date.now()}-${i}`,
        invoice_type: 'normal',
      }),
    );
    if (r.status !== 201)
      throw new Error(`place order answered ${r.status}: ${JSON.stringify(r.body)}`);
    orderTimes.push(ms);
    for (const id of goods.slice(i % 30, (i % 30) + 3)) await add(id);
  }
  return [
    summarise(`POST /api/cart (add to cart) [${label}]`, addTimes),
    summarise(`GET /api/cart/list (~40 lines) [${label}]`, listTimes),
    summarise(`POST /api/order (place order, 3 lines) [${label}]`, orderTimes),
  ];
}

// The GSP off-sale rule, on a server of its own (switching it on would stop other files' orders):
// off by default; switched on, an order of goods whose required documents are missing, expired
// or whose lots on sale lack a report is refused, and goes through once they are complete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, pdf, uploadTo } from '../support/gsp.ts';
import { Client } from '../support/http.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { submissionKey } from '../support/shop.ts';

let server: RunningServer;
let demo: Client;
let merch: Client;
beforeAll(async () => {
  server = await startServer();
  demo = new Client(server.url);
  expect((await demo.post('/api/login', { username: 'demo', password: 'yaopi2026' })).status).toBe(
    200,
  );
  merch = new Client(server.url);
  expect(
    (await merch.post('/api/admin/login', { login: 'merchandiser', password: 'yaopi2026' })).status,
  ).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

/** Adds one unit of the first plain goods from `from` and submits it; answers the goods and the answer. */
async function order(from: number) {
  for (let id = from; id < from + 60; id++) {
    const d = await demo.get(`/api/goods/detail/${id}`);
    const g = d.body.data;
    if (
      d.status !== 200 ||
      !g.is_buy ||
      g.is_ephedrine ||
      g.must_multiple ||
      g.number < 5 ||
      g.gifts.length
    )
      continue;
    expect((await demo.post('/api/cart', { params: [{ goods_id: id, number: 1 }] })).status).toBe(
      200,
    );
    const line = (await demo.get('/api/cart/list')).body.data.data.find(
      (l: any) => l.goods.id === id && !l.goods_price_id,
    );
    return { g, placed: () => demo.post('/api/order', { key: submissionKey(), ids: [line.id] }) };
  }
  throw new Error(`no plain goods from ${from}`);
}

describe('the off-sale rule', () => {
  it('is off by default, then keeps goods without complete documents out of carts and orders', async () => {
    expect((await merch.get('/api/admin/documents/rule')).body.data).toEqual({
      hold_incomplete: false,
    });
    const free = await order(100);
    expect((await free.placed()).status).toBe(201);

    expect((await merch.post('/api/admin/documents/rule', { hold_incomplete: '2' })).status).toBe(
      422,
    );
    // In the cart before the rule was switched on.
    const { g, placed } = await order(200);
    const on = await merch.post('/api/admin/documents/rule', { hold_incomplete: '1' });
    expect(on.body.data).toEqual({ hold_incomplete: true });
    const added = await demo.post('/api/cart', { params: [{ goods_id: g.id, number: 1 }] });
    expect(added.status).toBe(422);
    expect(added.body.message).toBe(`${g.name}：首营资料不全或已过期，暂停销售`);
    const refused = await placed();
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(`${g.name}：首营资料不全或已过期，暂停销售`);
    // The detail page says so (it is rendered per buyer segment, so wait out its 2 s share).
    await new Promise((r) => setTimeout(r, 2100));
    expect(String((await demo.get(`/list/info/${g.id}`)).body)).toContain('data-testid="gsp-held"');

    const goodsPath = `/api/admin/goods/${g.id}/documents`;
    for (const kind of ['supplier_licence', 'manufacturer_licence'])
      await uploadTo(
        merch,
        goodsPath,
        { kind, valid_until: inDays(200) },
        { bytes: pdf(kind), name: 'a.pdf' },
      );
    await uploadTo(
      merch,
      goodsPath,
      { kind: 'registration', valid_until: inDays(-3) },
      { bytes: pdf('reg'), name: 'a.pdf' },
    );
    const lots = (await merch.get(goodsPath)).body.data.lots;
    for (const lot of lots)
      await uploadTo(
        merch,
        `/api/admin/lots/${lot.lot_id}/report`,
        {},
        { bytes: pdf(lot.batch_no), name: 'r.pdf' },
      );
    // The registration has expired: still off sale.
    expect((await placed()).status).toBe(422);
    await uploadTo(
      merch,
      goodsPath,
      { kind: 'registration', valid_until: inDays(200) },
      { bytes: pdf('reg2'), name: 'a.pdf' },
    );
    const ok = await placed();
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(String((await demo.get(`/list/info/${g.id}`)).body)).not.toContain('gsp-held');

    // Switched off again, it holds nothing back; the changes are in the audit log.
    await merch.post('/api/admin/documents/rule', { hold_incomplete: '0' });
    expect((await (await order(300)).placed()).status).toBe(201);
    const admin = new Client(server.url);
    await admin.post('/api/admin/login', { login: 'admin', password: 'yaopi2026' });
    const audit = (await admin.get('/api/admin/audit', { entity: 'setting' })).body.data.rows;
    expect(audit.filter((a: any) => a.action === 'gsp.rule')).toHaveLength(2);
  });
});

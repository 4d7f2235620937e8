import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { addBuyable, login, submissionKey } from '../support/shop.ts';
import { postNotice, sandboxNotice } from '../support/payments.ts';
import { staffLogin } from '../support/staff.ts';

// Goods ids 300–499 are this file's; the demo pharmacy's other lines are left alone.

describe('cart calls need a login', () => {
  it.each([
    ['GET', '/api/cart/list'],
    ['GET', '/api/cart/total'],
    ['POST', '/api/cart'],
    ['POST', '/api/cart/1/edit'],
    ['POST', '/api/cart/batch_delete'],
    ['POST', '/api/cart/batch_select'],
    ['POST', '/api/cart/quick_add/1'],
    ['POST', '/api/cart/copy'],
    ['POST', '/api/cart/checkout'],
    ['POST', '/api/cart/next_hint'],
    ['GET', '/api/order'],
    ['POST', '/api/order'],
    ['GET', '/api/order/1'],
    ['POST', '/api/pay/balance'],
    ['GET', '/api/user/user_money'],
  ])('%s %s → 401', async (method, path) => {
    const res = await new Client().request(method, path);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('请先登录');
  });
});

describe('cart lines', () => {
  it('adds, lists with the cart-state shape, edits, selects, counts and deletes', async () => {
    const c = await login('demo');
    const line = await addBuyable(c, 300, 2);
    const list = await c.get('/api/cart/list', { filters: 99999, new: 1 });
    expect(list.status).toBe(200);
    const state = list.body.data;
    for (const k of ['action', 'data', 'shipping_data', 'activity_data', 'filter_data', 'totals'])
      expect(state).toHaveProperty(k);
    expect(Object.keys(state.shipping_data).sort()).toEqual([
      'group_b_goods_amount',
      'no_trans_order_amount',
      'shipping_amount',
    ]);
    expect(line.number).toBe(2);
    expect(line.is_selected).toBe(1);
    expect(line.price).toMatch(/^\d+\.\d{2}$/);
    for (const k of [
      'id',
      'name',
      'sccj',
      'ypgg',
      'goods_image',
      'ck_id',
      'bzdw',
      'number',
      'is_buy',
      'base_price',
      'ladder_price',
      'tags',
    ])
      expect(line.goods).toHaveProperty(k);

    const edit = await c.post(`/api/cart/${line.id}/edit`, { params: { number: 5 }, new: 1 });
    expect(edit.status).toBe(200);
    expect(edit.body.data.number).toBe(5);
    expect(edit.body.data.line.number).toBe(5);

    const off = await c.post('/api/cart/batch_select', { ids: [line.id], is_selected: 0 });
    expect(off.status).toBe(200);
    expect(off.body.data.data.find((l: any) => l.id === line.id).is_selected).toBe(0);
    await c.post('/api/cart/batch_select', { ids: [line.id], is_selected: 1 });

    const total = await c.get('/api/cart/total');
    expect(total.body.data.total).toBeGreaterThanOrEqual(1);
    const del = await c.post('/api/cart/batch_delete', { ids: [line.id] });
    expect(del.status).toBe(200);
    const after = await c.get('/api/cart/list');
    expect(after.body.data.data.some((l: any) => l.id === line.id)).toBe(false);
    expect((await c.get('/api/cart/total')).body.data.total).toBe(total.body.data.total - 1);
  });

  it('caps a quantity at the stock and says why', async () => {
    const c = await login('demo');
    const line = await addBuyable(c, 320, 1);
    const res = await c.post(`/api/cart/${line.id}/edit`, { params: { number: 999_999 } });
    expect(res.status).toBe(200);
    expect(res.body.data.number).toBe(line.goods.number);
    expect(res.body.data.reason).toBe('库存不足');
    await c.post('/api/cart/batch_delete', { ids: [line.id] });
  });

  it.each([['0'], ['-3'], ['1.5'], ['abc'], ['']])('refuses quantity %j with 422', async (n) => {
    const c = await login('demo');
    const add = await c.post('/api/cart', { params: [{ goods_id: 330, number: n }] });
    expect(add.status).toBe(422);
    expect(add.body.message).toMatch(/数量/);
  });

  it('refuses unknown goods and malformed bodies with 4xx', async () => {
    const c = await login('demo');
    expect(
      (await c.post('/api/cart', { params: [{ goods_id: 99_999_999, number: 1 }] })).status,
    ).toBe(422);
    expect((await c.post('/api/cart', {})).status).toBe(422);
    expect((await c.post('/api/cart/batch_delete', { ids: 'x' })).status).toBe(422);
    expect((await c.post('/api/cart/abc/edit', { params: { number: 1 } })).status).toBe(422);
  });

  it('quick_add puts one pack in the cart', async () => {
    const c = await login('demo');
    const probe = await addBuyable(c, 340, 1);
    await c.post('/api/cart/batch_delete', { ids: [probe.id] });
    const res = await c.post(`/api/cart/quick_add/${probe.goods.id}`);
    expect(res.status).toBe(200);
    const line = (await c.get('/api/cart/list')).body.data.data.find(
      (l: any) => l.goods.id === probe.goods.id,
    );
    expect(line.number).toBe(probe.goods.must_multiple ? probe.goods.inner_pack : 1);
    await c.post('/api/cart/batch_delete', { ids: [line.id] });
  });

  it('next_hint answers free-shipping and per-line ladder hints', async () => {
    const c = await login('demo');
    const line = await addBuyable(c, 350, 1);
    const res = await c.post('/api/cart/next_hint');
    expect(res.status).toBe(200);
    expect(res.body.data.free_shipping).toHaveProperty('short_amount');
    const h = res.body.data.lines.find((l: any) => l.id === line.id);
    expect(['none', 'next', 'reached']).toContain(h.ladder.state);
    await c.post('/api/cart/batch_delete', { ids: [line.id] });
  });

  it('an unapproved clinic cannot add goods', async () => {
    const c = await login('clinic');
    const res = await c.post('/api/cart', { params: [{ goods_id: 360, number: 1 }] });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/资质审核中/);
  });

  it("another member's cart line ids answer 404", async () => {
    const demo = await login('demo');
    const line = await addBuyable(demo, 370, 1);
    const other = await login('chain');
    expect((await other.post(`/api/cart/${line.id}/edit`, { params: { number: 3 } })).status).toBe(
      404,
    );
    expect((await other.post('/api/cart/batch_delete', { ids: [line.id] })).status).toBe(404);
    expect(
      (await other.post('/api/cart/batch_select', { ids: [line.id], is_selected: 0 })).status,
    ).toBe(404);
    expect((await other.post('/api/cart/checkout', { ids: [line.id] })).status).toBe(404);
    expect((await other.post('/api/order', { key: submissionKey(), ids: [line.id] })).status).toBe(
      404,
    );
    const still = (await demo.get('/api/cart/list')).body.data.data.find(
      (l: any) => l.id === line.id,
    );
    expect(still.number).toBe(1);
    await demo.post('/api/cart/batch_delete', { ids: [line.id] });
  });

  it("copies lines to another store of the same login, never to a stranger's store", async () => {
    const chain = await login('chain');
    const line = await addBuyable(chain, 380, 2);
    const state = (await chain.get('/api/cart/list')).body.data;
    expect(state.other_stores.length).toBe(2);
    const target = state.other_stores[0].id;
    const res = await chain.post('/api/cart/copy', { ids: [line.id], other_user_ids: [target] });
    expect(res.status).toBe(200);
    expect(res.body.data.stores).toEqual([target]);
    expect(
      (await chain.post('/api/cart/copy', { ids: [line.id], other_user_ids: [1] })).status,
    ).toBe(404);
    await chain.post('/api/cart/batch_delete', { ids: [line.id] });
  });
});

describe('checkout and orders', () => {
  it('prepares the confirm step, places an order, pays with balance; the ledger matches', async () => {
    const c = await login('demo');
    const line = await addBuyable(c, 400, 3);
    const prep = await c.post('/api/cart/checkout', { ids: [line.id], new: 1 });
    expect(prep.status).toBe(200);
    expect(prep.body.data.addresses.length).toBeGreaterThan(0);
    const payable = prep.body.data.totals.payable_amount;
    const before = (await c.get('/api/user/user_money')).body.data;

    const placed = await c.post('/api/order', {
      key: submissionKey(),
      ids: [line.id],
      address_id: prep.body.data.addresses[0].id,
      invoice_type: 'special',
      remarks: '请尽快发货',
      expected_amount: payable,
    });
    expect(placed.status).toBe(201);
    const [orderId] = placed.body.data.order_ids;
    expect((await c.get('/api/cart/list')).body.data.data.some((l: any) => l.id === line.id)).toBe(
      false,
    );

    const info = (await c.get(`/api/order/${orderId}`)).body.data;
    expect(info.status).toBe('unpaid');
    expect(info.payable_amount).toBe(payable);
    expect(info.invoice_type).toBe('special');
    expect(info.lines[0].number).toBe(3);
    expect(info.lines[0].lots.reduce((s: number, l: any) => s + l.number, 0)).toBe(3);
    expect(info.lines[0].lots[0].batch_no).toBeTruthy();

    const paid = await c.post('/api/pay/balance', { order_id: orderId });
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe('paid');
    const after = (await c.get('/api/user/user_money')).body.data;
    expect(Math.round((Number(before.money) - Number(after.money)) * 100)).toBe(
      Math.round(Number(payable) * 100),
    );
    const log = (await c.get('/api/user/user_money_log', { use_type: 1 })).body.data;
    expect(
      log.some(
        (r: any) => r.order_id === orderId && r.kind === 'order_pay' && r.amount === payable,
      ),
    ).toBe(true);

    expect((await c.post('/api/pay/balance', { order_id: orderId })).status).toBe(409);
    expect((await c.post(`/api/order/${orderId}/cancel`)).status).toBe(409);

    const ret = await c.post(`/api/order/${orderId}/return`, {
      kind: 'return',
      reason: '包装破损',
      lines: [{ id: info.lines[0].id, number: 2 }],
    });
    expect(ret.status).toBe(201);
    expect(ret.body.data.returns[0].status).toBe('pending');
    const tooMany = await c.post(`/api/order/${orderId}/return`, {
      kind: 'return',
      reason: '包装破损',
      lines: [{ id: info.lines[0].id, number: 2 }],
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toMatch(/最多可退1/);

    const list = await c.get('/api/order', { tab: 'paid', keyword: info.no });
    expect(list.body.data.map((o: any) => o.id)).toEqual([orderId]);
    expect(list.body).toHaveProperty('last_page');
  });

  it("another member's order ids answer 404 everywhere", async () => {
    const c = await login('demo');
    const line = await addBuyable(c, 420, 1);
    const placed = await c.post('/api/order', { key: submissionKey(), ids: [line.id] });
    const id = placed.body.data.order_ids[0];
    const other = await login('chain');
    expect((await other.get(`/api/order/${id}`)).status).toBe(404);
    expect((await other.post(`/api/order/${id}/cancel`)).status).toBe(404);
    expect((await other.post('/api/pay/balance', { order_id: id })).status).toBe(404);
    expect((await other.post('/api/pay/online', { order_id: id })).status).toBe(404);
    expect((await other.post('/api/pay/user_credit_pay', { order_id: id })).status).toBe(404);
    expect(
      (
        await other.post(`/api/order/${id}/return`, {
          reason: '不要了',
          lines: [{ id: 1, number: 1 }],
        })
      ).status,
    ).toBe(404);
    expect((await other.get(`/api/order/${id}/slip`)).status).toBe(404);
    for (const page of [
      `/order/info/${id}`,
      `/order/returnInfo/${id}`,
      `/order/afterSalesInfo/${id}`,
      `/cart/step3/${id}`,
    ]) {
      expect((await other.get(page)).status, page).toBe(404);
      expect((await c.get(page)).status, page).toBe(200);
    }
    expect((await c.post(`/api/order/${id}/cancel`)).status).toBe(200);
  });

  it('a stale price (the payable changed) creates nothing', async () => {
    const c = await login('demo');
    const line = await addBuyable(c, 430, 2);
    const res = await c.post('/api/order', {
      key: submissionKey(),
      ids: [line.id],
      expected_amount: '0.01',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/价格已变化/);
    const still = (await c.get('/api/cart/list')).body.data.data.find((l: any) => l.id === line.id);
    expect(still.goods.number).toBe(line.goods.number);
    expect(still.number).toBe(2);
    await c.post('/api/cart/batch_delete', { ids: [line.id] });
  });

  it('cancelling an unpaid order gives the stock back', async () => {
    const c = await login('demo');
    const line = await addBuyable(c, 440, 4);
    const stock = line.goods.number;
    const placed = await c.post('/api/order', { key: submissionKey(), ids: [line.id] });
    const id = placed.body.data.order_ids[0];
    const probe = async () => {
      const l = await addBuyable(c, line.goods.id, 1, (g) => g.id === line.goods.id);
      await c.post('/api/cart/batch_delete', { ids: [l.id] });
      return l.goods.number;
    };
    expect(await probe()).toBe(stock - 4);
    const cancelled = await c.post(`/api/order/${id}/cancel`);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(cancelled.body.data.lines[0].lots.every((l: any) => l.released)).toBe(true);
    expect(await probe()).toBe(stock);
    expect((await c.post('/api/pay/balance', { order_id: id })).status).toBe(409);
  });

  it('refuses a coupon below its threshold and an unknown coupon', async () => {
    const c = await login('demo');
    const line = await addBuyable(c, 450, 1);
    const coupons = (await c.get('/api/user/availableCoupon', { type: 1 })).body.data;
    const big = coupons.find((x: any) => Number(x.threshold) >= 1000);
    const res = await c.post('/api/order', {
      key: submissionKey(),
      ids: [line.id],
      coupon_id: big.id,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/不能使用该优惠券/);
    expect(
      (await c.post('/api/order', { key: submissionKey(), ids: [line.id], coupon_id: 99_999 }))
        .status,
    ).toBe(422);
    await c.post('/api/cart/batch_delete', { ids: [line.id] });
  });

  it('validates the submission key', async () => {
    const c = await login('demo');
    expect((await c.post('/api/order', { key: 'short' })).status).toBe(422);
    expect((await c.post('/api/order', {})).status).toBe(422);
  });
});

describe('含麻 (ephedrine) goods', () => {
  it('form a separate order within the limit, and need the signed slip back before the next one', async () => {
    const c = await login('chain');
    const eph = await addBuyable(c, 560, 11, (g) => g.is_ephedrine && !g.must_multiple, 240);
    expect(eph.number).toBe(eph.goods.purchase_limit);
    const normal = await addBuyable(c, 480, 1);
    const placed = await c.post('/api/order', { key: submissionKey(), ids: [normal.id, eph.id] });
    expect(placed.status).toBe(201);
    expect(placed.body.data.order_ids).toHaveLength(2);
    const infos = await Promise.all(
      placed.body.data.order_ids.map(
        async (id: number) => (await c.get(`/api/order/${id}`)).body.data,
      ),
    );
    const ephOrder = infos.find((o: any) => o.is_ephedrine);
    expect(infos.filter((o: any) => o.is_ephedrine)).toHaveLength(1);
    expect(ephOrder.lines.map((l: any) => l.goods_id)).toEqual([eph.goods.id]);
    expect(ephOrder.receipt_slip.uploaded).toBe(false);

    const again = await addBuyable(c, eph.goods.id, 1, (g) => g.id === eph.goods.id, 1);
    const refused = await c.post('/api/order', { key: submissionKey(), ids: [again.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/回执单尚未上传/);

    // The slip to print is a page of its own, in Beijing time.
    const slip = await c.get(`/api/order/${ephOrder.id}/slip`);
    expect(slip.status).toBe(303);
    expect(slip.headers.get('location')).toBe(`/order/info/${ephOrder.id}/slip`);
    const page = await c.get(slip.headers.get('location')!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain(ephOrder.no);
    // The API writes times on the shop's clock (+08:00); the slip prints that wall clock.
    const beijing = ephOrder.created_at.slice(0, 19).replace('T', ' ');
    expect(page.body).toContain(`${beijing}</span>（北京时间）`);
    expect(
      (await c.post(`/api/order/${ephOrder.id}/slip`, { file: 'data:text/plain;base64,aGVsbG8=' }))
        .status,
    ).toBe(422);
    expect((await c.post(`/api/order/${ephOrder.id}/slip`, { file: 'not a file' })).status).toBe(
      422,
    );
    // A slip is judged by its content: an HTML page declared as a PNG is refused.
    const disguised = await c.post(`/api/order/${ephOrder.id}/slip`, {
      file: `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`,
    });
    expect(disguised.status).toBe(422);
    expect(disguised.body.message).toBe('只支持 JPG、PNG 或 PDF 文件');
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
    const up = await c.post(`/api/order/${ephOrder.id}/slip`, {
      file: `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
    });
    expect(up.status).toBe(200);
    expect(up.body.data.receipt_slip.uploaded).toBe(true);
    // Uploaded is not enough: staff must confirm the slip first.
    const waiting = await c.post('/api/order', { key: submissionKey(), ids: [again.id] });
    expect(waiting.status).toBe(422);
    expect(waiting.body.message).toMatch(/回执单正在审核/);
    const review = await (await staffLogin('warehouse')).post(
      `/api/admin/slips/${up.body.data.receipt_slip.id}/review`,
      { state: 'confirmed' },
    );
    expect(review.status).toBe(200);

    const ok = await c.post('/api/order', { key: submissionKey(), ids: [again.id] });
    expect(ok.status).toBe(201);
    for (const id of [...placed.body.data.order_ids, ...ok.body.data.order_ids])
      await c.post(`/api/order/${id}/cancel`);
  });
});

describe('payments', () => {
  it('sandbox: signed async callback pays; forged, tampered and replayed callbacks change nothing', async () => {
    const c = await login('demo');
    const line = await addBuyable(c, 460, 1);
    const id = (await c.post('/api/order', { key: submissionKey(), ids: [line.id] })).body.data
      .order_ids[0];
    const start = await c.post('/api/pay/online', { order_id: id });
    expect(start.status).toBe(200);
    expect(start.body.data.pay_url).toMatch(/^\/cart\/hm\?payment=\d+$/);
    const paymentId = start.body.data.payment_id;
    const amountFen = Math.round(Number(start.body.data.amount) * 100);

    const genuine = sandboxNotice(paymentId, amountFen);
    const forged = {
      ...genuine,
      headers: { ...genuine.headers, 'yaopi-sandbox-signature': '00'.repeat(32) },
    };
    const bad = await postNotice(forged);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/签名/);
    const tampered = {
      ...genuine,
      body: genuine.body.replace(`"amount":${amountFen}`, '"amount":1'),
    };
    expect((await postNotice(tampered)).status).toBe(400);
    expect((await c.get(`/api/order/${id}`)).body.data.status).toBe('unpaid');

    const confirm = await c.post('/api/pay/sandbox/confirm', { payment_id: paymentId });
    expect(confirm.status).toBe(200);
    let status = 'unpaid';
    for (let i = 0; i < 40 && status === 'unpaid'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await c.get(`/api/order/${id}`)).body.data.status;
    }
    expect(status).toBe('paid');
    const money = (await c.get('/api/user/user_money')).body.data.money;

    const replay = await postNotice(sandboxNotice(paymentId, amountFen));
    expect(replay.status).toBe(204);
    const wrongAmount = await postNotice(sandboxNotice(paymentId, amountFen + 1));
    expect(wrongAmount.status).toBe(400);
    expect(wrongAmount.body.message).toBe('支付金额不一致');
    expect((await c.get('/api/user/user_money')).body.data.money).toBe(money);
    const info = (await c.get(`/api/order/${id}`)).body.data;
    expect(info.payments.filter((p: any) => p.status === 'succeeded')).toHaveLength(1);
    // The cashier of a paid payment has nothing more to do.
    expect((await c.post('/api/pay/sandbox/confirm', { payment_id: paymentId })).status).toBe(409);
  });

  it('a payment arriving for a cancelled order is recorded and refunded the way it came, never kept as balance', async () => {
    const c = await login('demo');
    const line = await addBuyable(c, 465, 1);
    const id = (await c.post('/api/order', { key: submissionKey(), ids: [line.id] })).body.data
      .order_ids[0];
    const start = (await c.post('/api/pay/online', { order_id: id })).body.data;
    expect((await c.post(`/api/order/${id}/cancel`)).status).toBe(200);
    const before = (await c.get('/api/user/user_money')).body.data.money;
    const amountFen = Math.round(Number(start.amount) * 100);
    expect((await postNotice(sandboxNotice(start.payment_id, amountFen))).status).toBe(204);
    expect((await postNotice(sandboxNotice(start.payment_id, amountFen))).status).toBe(204);
    expect((await c.get('/api/user/user_money')).body.data.money).toBe(before);
    const info = (await c.get(`/api/order/${id}`)).body.data;
    expect(info.status).toBe('cancelled');
    expect(info.payments.filter((p: any) => p.status === 'succeeded')).toHaveLength(1);
    const log = (await c.get('/api/user/user_money_log', { per_page: 5 })).body.data;
    const kinds = JSON.stringify(log);
    expect(kinds).toContain('原路退回');
  });

  it('a second payment for an order already paid is refunded, not credited twice', async () => {
    const c = await login('demo');
    const line = await addBuyable(c, 467, 1);
    const id = (await c.post('/api/order', { key: submissionKey(), ids: [line.id] })).body.data
      .order_ids[0];
    const one = (await c.post('/api/pay/online', { order_id: id })).body.data;
    const two = (await c.post('/api/pay/online', { order_id: id })).body.data;
    const amountFen = Math.round(Number(one.amount) * 100);
    const before = (await c.get('/api/user/user_money')).body.data.money;
    expect((await postNotice(sandboxNotice(one.payment_id, amountFen))).status).toBe(204);
    expect((await postNotice(sandboxNotice(two.payment_id, amountFen))).status).toBe(204);
    const info = (await c.get(`/api/order/${id}`)).body.data;
    expect(info.status).toBe('paid');
    expect((await c.get('/api/user/user_money')).body.data.money).toBe(before);
  });

  it('credit terms: check, create, pay within the limit; the bill grows', async () => {
    const c = await login('demo');
    const line = await addBuyable(c, 470, 1);
    const id = (await c.post('/api/order', { key: submissionKey(), ids: [line.id] })).body.data
      .order_ids[0];
    const check = await c.post('/api/pay/user_credit_check', { order_id: id });
    expect(check.status).toBe(200);
    expect(check.body.data.usable).toBe(true);
    expect((await c.post('/api/pay/user_credit_create', { order_id: id })).status).toBe(200);
    const paid = await c.post('/api/pay/user_credit_pay', { order_id: id });
    expect(paid.status).toBe(200);
    expect(paid.body.data.pay_method).toBe('credit');
    const credit = (await c.get('/api/user/user_credit')).body.data;
    expect(Number(credit.used)).toBeGreaterThan(0);
    const bills = (await c.get('/api/user/user_credit_list', { type: 1 })).body.data;
    expect(bills.length).toBeGreaterThan(0);
  });

  it('a clinic without credit terms is told so', async () => {
    const c = await login('clinic');
    const res = await c.post('/api/pay/user_credit_check', {});
    expect(res.body.data.usable).toBe(false);
    expect(res.body.data.reason).toBe('未开通账期');
  });
});

describe('wallet calls', () => {
  it('lists coupons by status, points ledger and the fast-buy list', async () => {
    const c = await login('demo');
    const expired = await c.get('/api/user/coupon', { type: 1, status: 3 });
    expect(expired.status).toBe(200);
    expect(expired.body.data.every((x: any) => x.status === 'expired')).toBe(true);
    expect(expired.body.data.length).toBeGreaterThan(0);
    const cash = await c.get('/api/user/availableCoupon', { type: 2 });
    expect(cash.body.data.every((x: any) => x.kind === 'cash')).toBe(true);
    const pts = await c.get('/api/user/user_money_log', { use_type: 3 });
    expect(pts.status).toBe(200);
    expect((await c.get('/api/user/user_money_log', { use_type: 9 })).status).toBe(422);
    expect((await c.get('/api/user/user_money_log', { start_time: 'yesterday' })).status).toBe(422);
    const fast = await c.get('/api/user/fast_buy', { page: 1, order: 1 });
    expect(fast.status).toBe(200);
    expect(fast.body).toHaveProperty('total');
  });
});

describe('quick purchase paste', () => {
  it('adds lines by code or name with quantities and reports what it could not find', async () => {
    const c = await login('demo');
    const probe = await addBuyable(c, 600, 1);
    await c.post('/api/cart/batch_delete', { ids: [probe.id] });
    const res = await c.post('/api/cart/paste', {
      text: `${probe.goods.name} 4\n没有这个药品XYZ 2\n\n`,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.added).toHaveLength(1);
    expect(res.body.data.added[0].number).toBe(4);
    expect(res.body.data.failed).toEqual([{ query: '没有这个药品XYZ', reason: '未找到该商品' }]);
    const line = (await c.get('/api/cart/list')).body.data.data.find(
      (l: any) => l.goods.id === res.body.data.added[0].goods_id,
    );
    expect(line.number).toBeGreaterThanOrEqual(4);
    await c.post('/api/cart/batch_delete', { ids: [line.id] });
    expect((await c.post('/api/cart/paste', { text: '' })).status).toBe(422);
  });

  it('reports a goods the member may not buy among the failed lines and adds the rest', async () => {
    const c = await login('demo');
    const outside = (await c.get('/api/goods/list', { drug_class: 'device_3', per_page: 1 })).body
      .data[0];
    const probe = await addBuyable(c, 620, 1);
    await c.post('/api/cart/batch_delete', { ids: [probe.id] });
    const res = await c.post('/api/cart/paste', {
      text: `${outside.code} 1\n${probe.goods.name} 2`,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.failed).toEqual([
      { query: outside.code, reason: `${outside.name}：超出经营范围` },
    ]);
    expect(res.body.data.added).toHaveLength(1);
    const line = (await c.get('/api/cart/list')).body.data.data.find(
      (l: any) => l.goods.id === res.body.data.added[0].goods_id,
    );
    await c.post('/api/cart/batch_delete', { ids: [line.id] });
  });
});

describe('recharge and group money', () => {
  it('a cash voucher becomes balance once; group money sums the stores of the login', async () => {
    const c = await login('chain');
    const before = (await c.get('/api/user/user_money')).body.data.money;
    const voucher = (await c.get('/api/user/availableCoupon', { type: 2 })).body.data[0];
    const res = await c.post('/api/cash_coupon/userRecharge', { id: voucher.id });
    expect(res.status).toBe(200);
    expect(Math.round(Number(res.body.data.money) * 100)).toBe(
      Math.round((Number(before) + Number(voucher.amount)) * 100),
    );
    expect((await c.post('/api/cash_coupon/userRecharge', { id: voucher.id })).status).toBe(422);
    const log = (await c.get('/api/user/user_money_log', { use_type: 1 })).body.data;
    expect(log[0].kind).toBe('recharge');
    expect(log[0].balance_after).toBe(res.body.data.money);

    const group = (await c.get('/api/user/user_group_money')).body.data;
    expect(group.stores).toHaveLength(3);
    expect(Math.round(Number(group.total) * 100)).toBe(
      group.stores.reduce((s: number, x: any) => s + Math.round(Number(x.money) * 100), 0),
    );
    const glog = await c.get('/api/user/user_group_money_log', { page: 1 });
    expect(glog.body.data.some((r: any) => r.kind === 'recharge')).toBe(true);
    expect((await c.get('/api/moneys/moneyConfig')).body.data.unpaid_timeout_minutes).toBe(30);

    const other = await login('demo');
    expect((await other.post('/api/cash_coupon/userRecharge', { id: voucher.id })).status).toBe(
      404,
    );
  });

  it('the balance equals the last ledger row after every movement', async () => {
    const c = await login('demo');
    const money = (await c.get('/api/user/user_money')).body.data.money;
    const log = (await c.get('/api/user/user_money_log', { use_type: 1 })).body.data;
    expect(log[0].balance_after).toBe(money);
  });
});

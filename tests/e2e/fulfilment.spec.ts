import { expect, test, type APIRequestContext } from './support/test.ts';
import { confirmReceipt, confirmShipment, fillShipment, traceCodes } from './support/backoffice.ts';
import { freshApprovedPharmacy } from './support/freshMember.ts';
import { buyerPage, hydrated, staffPage } from './support/staff.ts';

// The order desk from the browser: the warehouse ships a paid order with lots and traceability
// codes, the buyer sees them and confirms receipt; and a 含麻 slip rejected, uploaded again and
// confirmed. Goods ids 900–1000 are this spec's (drugs in the e2e seed).

const FROM = 900;
const TO = 1000;
// A 160×100 PNG that looks like a scanned slip: what the buyer uploads.
const SLIP_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAKAAAABkCAIAAACO1KzYAAAA2klEQVR42u3aQQ0AIQxFwSqpEvwHQ1x6QgUkbebnKWBOuxA7U4MLRwBYgAVYgPUFuOqoaYABAwYswAIswAIswIABAxZgARZgAdZP4GXvBxgwYMCAAQMGbICtE7D86BBgARZgAQYMGLAAC7AAC7AAA3ab5DYJMGADbIDNiw4BBgwYsAALsAALsAALMGDAgAVYgAVY3mS5DwYMGDBgwIDNmyz5TBJgAQYMGLCTAizAAizAAizAgAEDFmABFmABFmDAgAELsAALsAALsAADBjweWJMCDFiABViA9aALYF9z4CRvyuMAAAAASUVORK5CYII=',
  'base64',
);

async function findGoods(r: APIRequestContext, from: number, pred: (g: any) => boolean) {
  for (let id = from; id < TO; id++) {
    const res = await r.get(`/api/goods/detail/${id}`);
    if (res.ok()) {
      const g = (await res.json()).data;
      if (pred(g)) return g;
    }
  }
  throw new Error('no goods found');
}

/** Orders `number` of the goods as its own cart line (another spec may empty the cart meanwhile). */
async function order(r: APIRequestContext, origin: string, goodsId: number, number: number) {
  const headers = { origin };
  for (let attempt = 0; ; attempt++) {
    await r.post('/api/cart', {
      form: { 'params[0][goods_id]': String(goodsId), 'params[0][number]': String(number) },
      headers,
    });
    const lines = (await (await r.get('/api/cart/list')).json()).data.data;
    const line = lines.find((l: any) => l.goods.id === goodsId && !l.goods_price_id);
    const res = await r.post('/api/order', {
      form: { key: `e2efulfil${Date.now()}${attempt}`, ids: String(line?.id ?? 0) },
      headers,
    });
    if (res.status() === 201) return (await res.json()).data.order_ids[0] as number;
    if (attempt === 2) throw new Error(`order ${res.status()} ${await res.text()}`);
  }
}

/** `order`, paid from the buyer's balance. */
async function paidOrder(r: APIRequestContext, origin: string, goodsId: number, number: number) {
  const id = await order(r, origin, goodsId, number);
  const paid = await r.post('/api/pay/balance', {
    form: { order_id: String(id) },
    headers: { origin },
  });
  expect(paid.status()).toBe(200);
  return id;
}

test('the warehouse ships a paid order with lots and codes; the buyer sees them and confirms receipt', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  const buyer = await buyerPage(browser, origin, 'demo');
  const g = await findGoods(
    buyer.request,
    FROM,
    (x) =>
      x.is_buy &&
      !x.is_ephedrine &&
      !x.must_multiple &&
      x.purchase_limit === 0 &&
      ['rx', 'otc_a', 'otc_b'].includes(x.drug_class) &&
      x.jzl > 2 &&
      x.number >= 10,
  );
  const id = await paidOrder(buyer.request, origin, g.id, 2);
  const no = (await (await buyer.request.get(`/api/order/${id}`)).json()).data.no;

  // The warehouse finds it in the queue (待发货, searched by order no; the filter stays in the URL).
  const desk = await staffPage(browser, origin, 'warehouse');
  await desk
    .getByRole('navigation', { name: '后台菜单' })
    .getByRole('link', { name: '订单发货' })
    .click();
  await expect(desk.getByRole('link', { name: /待发货/ })).toHaveAttribute('aria-current', 'page');
  await desk.getByLabel('搜索').fill(no);
  await desk.getByLabel('搜索').press('Enter');
  await expect(desk).toHaveURL(new RegExp(`q=${no}`));
  const row = desk.locator(`tr[data-order="${id}"]`);
  await expect(row).toContainText(g.name);
  await desk.screenshot({ path: 'test-results/admin-orders.png', fullPage: true });
  await row.getByRole('link', { name: '发货' }).click();

  // Ship: the reserved lot is preselected; two codes scanned (a repeat is marked and removed).
  await expect(desk).toHaveURL(new RegExp(`/admin/orders/${id}$`));
  const codes = traceCodes(2);
  await fillShipment(desk, g.name, {
    carrier: '顺丰速运',
    trackingNo: 'SF0900000001',
    codes: [codes[0]!, codes[1]!, codes[0]!],
  });
  await expect(desk.getByTestId('code-count')).toHaveText(/已扫 3 \/ 需 2/);
  await expect(desk.locator('li[data-bad="1"]')).toHaveCount(2);
  await desk.screenshot({ path: 'test-results/admin-ship-form.png', fullPage: true });
  await desk
    .getByRole('button', { name: `删除追溯码${codes[0]}` })
    .last()
    .click();
  await expect(desk.locator('li[data-bad="1"]')).toHaveCount(0);
  await expect(desk.getByTestId('code-count')).toHaveText(/已扫 2 \/ 需 2/);
  await confirmShipment(desk);
  await expect(desk.getByTestId('shipments')).toContainText(codes[1]!);
  await desk.screenshot({ path: 'test-results/admin-order-shipped.png', fullPage: true });

  // The delivery note, on A4 and on 241 mm paper; the print button is not printed.
  const noteLink = desk.getByRole('link', { name: '打印随货同行单' });
  await desk.goto((await noteLink.getAttribute('href'))!);
  await expect(desk.getByTestId('delivery-note')).toContainText(codes[0]!);
  await expect(desk.getByTestId('delivery-note')).toContainText(g.approval_no);
  await desk.screenshot({ path: 'test-results/delivery-note-a4.png', fullPage: true });
  await desk.getByRole('link', { name: '改用241mm连续纸' }).click();
  await expect(desk.getByText('纸张：241mm 连续纸')).toBeVisible();
  // 打印 opens the browser's print dialog (stubbed here: a headless browser has none).
  await desk.evaluate(() => {
    Object.assign(window, { printed: 0 });
    window.print = () => Object.assign(window, { printed: (window as any).printed + 1 });
  });
  await desk.getByRole('button', { name: '打印' }).click();
  expect(await desk.evaluate(() => (window as any).printed)).toBe(1);
  await desk.emulateMedia({ media: 'print' });
  await expect(desk.getByRole('button', { name: '打印' })).toBeHidden();
  await desk.screenshot({ path: 'test-results/delivery-note-241-print.png', fullPage: true });

  // The buyer sees carrier, tracking number, lot, expiry and codes, and confirms receipt.
  await buyer.goto(`/order/wl/${id}`);
  await expect(buyer).toHaveURL(new RegExp(`/order/info/${id}$`));
  const shipments = buyer.getByTestId('shipments');
  await expect(shipments).toContainText('SF0900000001');
  await expect(shipments.getByTestId('trace-codes')).toHaveText(codes.join(' '));
  await expect(buyer.getByTestId('logistics')).toContainText('顺丰速运 运单号 SF0900000001');
  await buyer.screenshot({ path: 'test-results/order-info-shipped.png', fullPage: true });
  await confirmReceipt(buyer);
});

test('含麻 slip: rejected with a reason, uploaded again, confirmed; then the next 含麻 order is allowed', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  const buyerCtx = await browser.newContext({ baseURL: origin });
  const buyer = await buyerCtx.newPage();
  await freshApprovedPharmacy(buyer.request, origin);
  const address = await buyer.request.post('/api/user/address', {
    form: {
      consignee: '李药师',
      phone: '13712345678',
      province: '湖北省',
      city: '武汉市',
      detail: '光谷大道 1 号',
    },
    headers: { origin },
  });
  expect(address.status()).toBe(201);
  const eph = await findGoods(
    buyer.request,
    1,
    (x) => x.is_ephedrine && x.is_buy && !x.must_multiple && x.number >= 5,
  );
  const first = await order(buyer.request, origin, eph.id, 1);
  const no = (await (await buyer.request.get(`/api/order/${first}`)).json()).data.no;

  const upload = async () => {
    await buyer.goto('/hmdd');
    await hydrated(buyer, 'SlipUpload');
    await buyer
      .locator('tr', { hasText: no })
      .locator('input[type="file"]')
      .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: SLIP_PNG });
    await expect(buyer.locator('tr', { hasText: no }).getByTestId('slip-status')).toHaveText(
      '待审核',
    );
  };
  await upload();

  const desk = await staffPage(browser, origin, 'warehouse');
  await desk.goto('/admin/slips');
  const row = desk.locator('tr', { hasText: no });
  await expect(row.getByRole('img', { name: `${no}回执单` })).toBeVisible();
  await hydrated(desk, 'SlipReview');
  await row.getByLabel(`${no}退回原因`).fill('缺少收货单位公章');
  await desk.screenshot({ path: 'test-results/admin-slips.png', fullPage: true });
  await row.getByRole('button', { name: '退回' }).click();
  await expect(desk.locator('tr', { hasText: no })).toHaveCount(0);

  await buyer.goto('/hmdd');
  const mine = buyer.locator('tr', { hasText: no });
  await expect(mine.getByTestId('slip-status')).toContainText('退回原因：缺少收货单位公章');
  await expect(mine.getByText('重新上传回执单')).toBeVisible();
  await buyer.screenshot({ path: 'test-results/hmdd-rejected.png', fullPage: true });
  await expect(order(buyer.request, origin, eph.id, 1)).rejects.toThrow(/回执单被退回/);
  await upload();

  await desk.goto('/admin/slips');
  await hydrated(desk, 'SlipReview');
  await desk.locator('tr', { hasText: no }).getByRole('button', { name: '确认' }).click();
  await expect(desk.locator('tr', { hasText: no })).toHaveCount(0);
  await desk.goto('/admin/slips?status=confirmed');
  await expect(desk.locator('tr', { hasText: no })).toContainText('已确认');

  await buyer.goto('/hmdd');
  await expect(buyer.locator('tr', { hasText: no }).getByTestId('slip-status')).toHaveText(
    '已确认',
  );
  const second = await order(buyer.request, origin, eph.id, 1);
  expect(second).toBeGreaterThan(first);
});

test('the warehouse declines a buyer’s request to cancel with a reason: the buyer is told and the order ships', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const origin = baseURL!;
  const buyer = await buyerPage(browser, origin, 'demo');
  const g = await findGoods(
    buyer.request,
    FROM + 50,
    (x) =>
      x.is_buy && !x.is_ephedrine && !x.must_multiple && x.purchase_limit === 0 && x.number >= 5,
  );
  const id = await paidOrder(buyer.request, origin, g.id, 1);
  const asked = await buyer.request.post(`/api/order/${id}/cancel_request`, {
    form: { reason: '不想要了' },
    headers: { origin },
  });
  expect(asked.status()).toBe(200);

  const desk = await staffPage(browser, origin, 'warehouse');
  await desk.goto(`/admin/orders/${id}`);
  const request = desk.getByTestId('cancel-request');
  await expect(request).toContainText('不想要了');
  const decline = desk.getByTestId('decline-form');
  await expect(decline.getByRole('button', { name: '拒绝取消申请' })).toBeEnabled();
  // The cancel form below it carries the buyer's reason, for staff who agree instead.
  await expect(desk.getByTestId('cancel-form').getByLabel('取消原因')).toHaveValue(
    '买家申请取消：不想要了',
  );
  await decline.getByLabel('拒绝原因').fill('已拣货出库，无法取消');
  await desk.screenshot({ path: 'test-results/admin-decline-cancel.png', fullPage: true });
  await decline.getByRole('button', { name: '拒绝取消申请' }).click();
  await expect(request).toHaveCount(0);
  await expect(desk.getByTestId('order-status')).toContainText('待发货');

  await buyer.goto(`/order/info/${id}`);
  await expect(buyer.getByTestId('order-status')).toHaveText('待发货');
  await buyer.goto('/wdxx');
  await expect(buyer.getByText(/取消申请未通过/).first()).toBeVisible();
});

import { expect, type Page, test } from './support/test.ts';
import { addGoods } from './support/cart.ts';
import { freshApprovedPharmacy } from './support/freshMember.ts';
import { hydrated, staffPage } from './support/staff.ts';

// The reports dashboard moves by the order this test places; customer service answers a feedback
// and marks a wanted-request arrived in the inboxes, and the buyer reads both in 我的消息.

test.describe.configure({ timeout: 180_000 });

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const yuan = (s: string | null) => Math.round(Number((s ?? '').replace(/[^\d.]/g, '')) * 100);

/** A new approved pharmacy with an address and a balance, logged in on `page`. */
async function readyBuyer(page: Page, base: string) {
  await freshApprovedPharmacy(page.request, base);
  const headers = { origin: base };
  const address = await page.request.post('/api/user/address', {
    headers,
    form: {
      consignee: '王药师',
      phone: '13800138000',
      province: '湖北省',
      city: '武汉市',
      district: '洪山区',
      detail: '珞喻路 2 号',
      is_default: '1',
    },
  });
  expect(address.status()).toBe(201);
  const funded = await page.request.post('/api/dev/wallet', {
    headers,
    form: { balance: '10000000', credit_limit: '0' },
  });
  expect(funded.status()).toBe(200);
  return headers;
}

test('the reports dashboard shows the order the test placed', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const headers = await readyBuyer(page, base);
  const finance = await staffPage(browser, base, 'finance');
  const url = `/admin/reports?from=${today()}&to=${today()}&by=day`;
  await finance.goto(url);
  const orders0 = Number(
    (await finance.getByTestId('card-orders').textContent())!.replaceAll(',', ''),
  );
  const amount0 = yuan(await finance.getByTestId('card-amount').textContent());
  // Amounts read with their thousands grouped (lib/money.groupYuan).
  await expect(finance.getByTestId('card-amount')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);

  const line = await addGoods(
    page.request,
    base,
    640,
    (g) => !g.is_ephedrine && !g.must_multiple,
    3,
  );
  const placed = await page.request.post('/api/order', {
    headers,
    form: { key: `e2e-${Date.now()}`, ids: String(line.id) },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = (await placed.json()).data.order_ids[0];
  const paid = await page.request.post('/api/pay/balance', {
    headers,
    form: { order_id: String(orderId) },
  });
  expect(paid.status()).toBe(200);
  const order = (await (await page.request.get(`/api/order/${orderId}`)).json()).data;
  const company = (await (await page.request.get('/api/user/stores')).json()).data[0].name;

  await finance.goto(url);
  await hydrated(finance, 'ReportCharts');
  // Other specs may order at the same time: at least what this test placed.
  expect(
    Number((await finance.getByTestId('card-orders').textContent())!.replaceAll(',', '')),
  ).toBeGreaterThanOrEqual(orders0 + 1);
  expect(yuan(await finance.getByTestId('card-amount').textContent())).toBeGreaterThanOrEqual(
    amount0 + yuan(order.payable_amount),
  );
  // A TOP 10: the test's store and goods are listed, unless ten others bought more today (the
  // other specs' buyers order on the same server).
  const amounts = async (table: string) =>
    (
      await finance
        .getByTestId(table)
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => r.lastElementChild?.textContent ?? ''))
    ).map(yuan);
  const buyers = finance.getByTestId('report-top_buyers');
  const ours = buyers.getByRole('row', { name: new RegExp(company) });
  if ((await ours.count()) > 0) {
    await expect(ours).toContainText(Number(order.payable_amount).toFixed(2));
  } else {
    const others = await amounts('report-top_buyers');
    expect(others).toHaveLength(10);
    expect(Math.min(...others)).toBeGreaterThanOrEqual(yuan(order.payable_amount));
  }
  const goods = finance.getByTestId('report-top_goods');
  if (!((await goods.textContent()) ?? '').includes(order.lines[0].name))
    expect(await amounts('report-top_goods')).toHaveLength(10);
  await expect(finance.getByTestId('report-payments')).toContainText('余额支付');
  await expect(finance.getByTestId('chart-sales').locator('canvas')).toHaveCount(1);
  await expect(finance.getByTestId('chart-sales')).toHaveAttribute('data-ready', '1');
  await finance.screenshot({ path: 'test-results/reports-dashboard.png', fullPage: true });

  const download = finance.waitForEvent('download');
  await finance.getByTestId('report-top_buyers').getByRole('link', { name: '导出 Excel' }).click();
  expect((await download).suggestedFilename()).toBe(`report-top_buyers-${today()}-${today()}.xlsx`);

  await finance.goto(`/admin/orders?status=all&q=${order.no}`);
  const orders = finance.waitForEvent('download');
  await finance.getByTestId('orders-export').click();
  expect((await orders).suggestedFilename()).toBe(`orders-all-${today()}.xlsx`);
  // Streamed as written: the browser saw the whole file arrive.
  expect(await (await orders).failure()).toBeNull();
  await finance.screenshot({ path: 'test-results/orders-export.png' });
  await finance.goto('/admin/stores');
  const stores = finance.waitForEvent('download');
  await finance.getByTestId('stores-export').click();
  expect((await stores).suggestedFilename()).toBe(`buyers-${today()}.xlsx`);
  await finance.screenshot({ path: 'test-results/stores-export.png' });

  await finance.goto('/admin/reports?from=2026-02-30');
  await expect(finance.getByRole('alert')).toContainText('日期不存在');
  await expect(finance.getByTestId('card-orders')).toBeVisible();

  const service = await staffPage(browser, base, 'service');
  await service.goto('/admin/reports');
  await expect(service.getByRole('heading', { name: '没有权限' })).toBeVisible();
  await expect(service.getByTestId('admin-nav')).not.toContainText('经营报表');
});

test('service answers a feedback and marks a wanted-request arrived; the buyer reads both', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const headers = await readyBuyer(page, base);
  const stamp = Date.now().toString(36);
  const goods = await addGoods(page.request, base, 690, (g) => !g.is_ephedrine);
  expect(
    (
      await page.request.post('/api/user/feedback', {
        headers,
        form: { content: `希望增加夜间配送 ${stamp}`, contact: '13800138000' },
      })
    ).status(),
  ).toBe(201);
  const wanted = await page.request.post('/api/user/buy', {
    headers,
    form: { goods_name: `求购品种${stamp}`, quantity: '10', phone: '13800138000' },
  });
  expect(wanted.status()).toBe(201);

  const service = await staffPage(browser, base, 'service');
  await service.getByTestId('admin-nav').getByRole('link', { name: '求购与反馈' }).click();
  await expect(service).toHaveURL(/\/admin\/inbox\/wanted$/);
  await service.getByRole('link', { name: '意见反馈' }).click();
  await service.getByRole('link', { name: '全部' }).click();
  await expect(service).toHaveURL(/\/admin\/inbox\/feedback\?status=all$/);
  const fb = service.getByRole('row', { name: new RegExp(stamp) });
  await hydrated(service, 'InboxReply');
  await fb.getByLabel('回复内容').fill('已安排晚间班次，感谢建议');
  await fb.getByRole('button', { name: '回复' }).click();
  // The reply column (not the form's text area) once the list has reloaded.
  await expect(
    service
      .getByRole('row', { name: new RegExp(stamp) })
      .locator('td')
      .nth(4),
  ).toContainText('已安排晚间班次，感谢建议');
  await service.screenshot({ path: 'test-results/inbox-feedback.png', fullPage: true });

  await service.goto('/admin/inbox/wanted?status=all');
  const row = service.getByRole('row', { name: new RegExp(`求购品种${stamp}`) });
  await hydrated(service, 'InboxReply');
  await service.screenshot({ path: 'test-results/inbox-wanted-pending.png', fullPage: true });
  await row.getByLabel('到货商品编号').fill(String(goods.goods.id));
  await row.getByRole('button', { name: '标记到货' }).click();
  const done = service.getByRole('row', { name: new RegExp(`求购品种${stamp}`) });
  await expect(done).toContainText('已到货');
  await expect(done.getByRole('link', { name: new RegExp(goods.goods.name) })).toHaveAttribute(
    'href',
    `/list/info/${goods.goods.id}`,
  );
  await service.screenshot({ path: 'test-results/inbox-wanted.png', fullPage: true });
  await service.goto('/admin/inbox/wanted?status=pending');
  await expect(service.getByRole('row', { name: new RegExp(`求购品种${stamp}`) })).toHaveCount(0);

  await page.goto('/wdxx');
  await hydrated(page, 'MessageList');
  const items = page.getByTestId('message-item');
  await expect(items.first()).toContainText('求购到货');
  await items.first().getByRole('button').click();
  await expect(items.first().getByRole('link', { name: '查看详情' })).toHaveAttribute(
    'href',
    `/list/info/${goods.goods.id}`,
  );
  await items.nth(1).getByRole('button').click();
  await expect(items.nth(1)).toContainText('已安排晚间班次，感谢建议');
  await page.screenshot({ path: 'test-results/inbox-buyer-messages.png', fullPage: true });
  await items.first().getByRole('button').click();
  await items.first().getByRole('link', { name: '查看详情' }).click();
  await expect(page).toHaveURL(new RegExp(`/list/info/${goods.goods.id}$`));
  await page.goto('/yjfk');
  await expect(page.getByTestId('feedback-reply').first()).toContainText(
    '已安排晚间班次，感谢建议',
  );
  await page.screenshot({ path: 'test-results/inbox-buyer-yjfk.png', fullPage: true });
  await page.goto(`/pzqg/info?id=${(await wanted.json()).data.id}`);
  await expect(page.getByTestId('wanted-status')).toHaveText('已到货');
  await expect(page.getByTestId('wanted-goods')).toHaveAttribute(
    'href',
    `/list/info/${goods.goods.id}`,
  );
  await page.screenshot({ path: 'test-results/inbox-buyer-pzqg.png', fullPage: true });
});

import { expect, test } from './support/test.ts';
import {
  approveReturn,
  checkoutByTransfer,
  confirmReceipt,
  confirmShipment,
  confirmTransfer,
  fillShipment,
  payOutRefund,
  receiveReturn,
  refundReturn,
  requestReturn,
  traceCodes,
} from './support/backoffice.ts';
import { addGoods } from './support/cart.ts';
import { registerPharmacy, uploadLicenceOnPage } from './support/freshMember.ts';
import { licenceScanPng } from './support/images.ts';
import { hydrated, staffPage } from './support/staff.ts';

// Both sides of the shop, one new pharmacy from registration to a refund: it registers and uploads
// its licence; the reviewer approves it (narrowing the business scope) on /admin/licences; it
// orders and pays by bank transfer; finance confirms; the warehouse ships with lots and
// traceability codes; the buyer sees them and confirms receipt; it returns a unit; the reviewer
// approves, the warehouse receives, finance refunds and pays out; the buyer's ledger shows it.
// Goods ids from 1100 are this spec's.

test.describe.configure({ timeout: 240_000 });

const inDays = (n: number) =>
  new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

test('a new pharmacy from registration and licence review to a refunded return', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const r = page.request;
  const headers = { origin: base };
  const licenceNo = `鄂AA${String(Date.now()).slice(-7)}`;
  let username = '';

  await test.step('the pharmacy registers and uploads its drug-trade licence', async () => {
    username = await registerPharmacy(r, base);
    await page.goto('/zzzj');
    await expect(page.getByTestId('warn-review')).toBeVisible();
    await uploadLicenceOnPage(page, {
      number: licenceNo,
      expiresOn: inDays(700),
      file: licenceScanPng(),
    });
    await page.screenshot({ path: 'test-results/journey-zzzj-pending.png', fullPage: true });
  });

  const reviewer = await staffPage(browser, base, 'reviewer');
  await test.step('the reviewer approves it on /admin/licences, the scan in view', async () => {
    await reviewer
      .getByRole('navigation', { name: '后台菜单' })
      .getByRole('link', { name: '资质审核' })
      .click();
    await expect(reviewer.getByRole('link', { name: /待审核/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await reviewer.getByLabel('搜索').fill(username);
    await reviewer.getByLabel('搜索').press('Enter');
    await expect(reviewer).toHaveURL(new RegExp(`state=pending&q=${username}`));
    const row = reviewer.locator('tr[data-licence]').filter({ hasText: licenceNo });
    await expect(row).toContainText(`测试大药房${username}`);
    await expect(row).toContainText('零售药店');
    await expect(row).toContainText('湖北省武汉市');
    const scan = row.getByRole('img', { name: '药品经营许可证扫描件' });
    await expect
      .poll(() => scan.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(240);
    await hydrated(reviewer, 'LicenceReview');
    // The usual scope of a pharmacy is proposed; the reviewer leaves out 保健食品.
    const scope = row.getByRole('group', { name: '经营范围' });
    await expect(scope.getByLabel('处方药')).toBeChecked();
    await expect(scope.getByLabel('三类医疗器械')).not.toBeChecked();
    await scope.getByLabel('保健食品').uncheck();
    await reviewer.screenshot({ path: 'test-results/admin-licences-review.png', fullPage: true });
    await row.getByRole('button', { name: '通过' }).click();
    await expect(reviewer.locator('tr[data-licence]').filter({ hasText: licenceNo })).toHaveCount(
      0,
    );
    await reviewer.getByRole('link', { name: /已通过/ }).click();
    await expect(reviewer).toHaveURL(new RegExp(`state=approved&q=${username}`));
    await expect(reviewer.locator('tr[data-licence]').filter({ hasText: licenceNo })).toContainText(
      /已通过[\s\S]*reviewer/,
    );
    await reviewer.screenshot({ path: 'test-results/admin-licences-approved.png', fullPage: true });
  });

  let orderId = 0;
  let reference = '';
  let line: any = null;
  await test.step('the pharmacy is told, and orders within its scope paying by bank transfer', async () => {
    await page.goto('/wdxx');
    await expect(page.getByTestId('message-item').first()).toContainText('资质审核通过');
    await page.screenshot({ path: 'test-results/journey-wdxx-approved.png', fullPage: true });
    const scope = (await (await r.get('/api/user/jyfw')).json()).data.map((s: any) => s.code);
    expect(scope).toContain('rx');
    expect(scope).not.toContain('health_food');
    expect(
      (
        await r.post('/api/user/contract', { form: { agree: '1', signer: '张三' }, headers })
      ).status(),
    ).toBe(200);
    const address = await r.post('/api/user/address', {
      form: {
        consignee: '张三',
        phone: '13800138000',
        province: '湖北省',
        city: '武汉市',
        district: '洪山区',
        detail: '珞喻路 1 号',
        is_default: '1',
      },
      headers,
    });
    expect(address.status()).toBe(201);
    line = await addGoods(
      r,
      base,
      1100,
      (g) => !g.is_ephedrine && !g.must_multiple && g.purchase_limit === 0 && g.number >= 10,
      2,
    );
    ({ orderId, reference } = await checkoutByTransfer(page));
    await page.screenshot({ path: 'test-results/journey-transfer.png', fullPage: true });
  });

  const finance = await staffPage(browser, base, 'finance');
  await test.step('finance confirms the transfer on /admin/payments', async () => {
    await finance.goto('/admin/payments');
    await confirmTransfer(finance, reference, '工行到账');
  });

  const warehouse = await staffPage(browser, base, 'warehouse');
  const codes = traceCodes(2);
  await test.step('the warehouse ships it with its lot and two traceability codes', async () => {
    await warehouse.goto(`/admin/orders/${orderId}`);
    await fillShipment(warehouse, line.goods.name, {
      carrier: '中通快递',
      trackingNo: 'ZT1100000001',
      codes,
    });
    await expect(warehouse.getByTestId('code-count')).toHaveText(/已扫 2 \/ 需 2/);
    await confirmShipment(warehouse);
    await warehouse.screenshot({ path: 'test-results/journey-shipped.png', fullPage: true });
  });

  await test.step('the buyer sees carrier, lot and codes, and confirms receipt', async () => {
    const shipped = (await (await r.get(`/api/order/${orderId}`)).json()).data;
    const batch = shipped.shipments[0].lines[0].batch_no;
    expect(batch).toBeTruthy();
    await page.goto(`/order/info/${orderId}`);
    const shipments = page.getByTestId('shipments');
    await expect(shipments).toContainText('中通快递');
    await expect(shipments).toContainText('ZT1100000001');
    await expect(shipments).toContainText(batch);
    await expect(shipments.getByTestId('trace-codes')).toHaveText(codes.join(' '));
    await page.screenshot({ path: 'test-results/journey-order-shipped.png', fullPage: true });
    await confirmReceipt(page);
  });

  let returnId = 0;
  await test.step('the buyer asks to return one unit; the reviewer approves, the warehouse receives', async () => {
    await requestReturn(page, orderId, line.goods.name, 1);
    returnId = (await (await r.get(`/api/order/${orderId}`)).json()).data.returns[0].id;
    await reviewer.goto('/admin/returns');
    await approveReturn(reviewer, returnId);
    await warehouse.goto('/admin/returns');
    await expect(warehouse.locator(`tr[data-return="${returnId}"]`)).toContainText(
      '已同意，待收货',
    );
    await receiveReturn(warehouse, returnId, line.goods.name, 1);
  });

  await test.step("finance refunds it; the refund shows in the buyer's ledger", async () => {
    await finance.goto('/admin/returns');
    await expect(finance.locator(`tr[data-return="${returnId}"]`)).toContainText('已收货，待退款');
    await refundReturn(finance, returnId);
    await finance.goto('/admin/payments');
    const no = (await (await r.get(`/api/order/${orderId}`)).json()).data.no;
    await payOutRefund(finance, no, 'ICBC20261200');
    await page.goto(`/order/returnInfo/${orderId}`);
    await expect(page.getByTestId('return-refund')).toContainText('已退款');
    await page.goto('/yegl');
    await expect(page.getByTestId('ledger')).toContainText('订单退款');
    await page.screenshot({ path: 'test-results/journey-ledger.png', fullPage: true });
  });

  for (const p of [reviewer, finance, warehouse]) await p.context().close();
});

import { expect, test } from './support/test.ts';
import {
  approveReturn,
  checkoutByTransfer,
  confirmTransfer,
  payOutRefund,
  receiveReturn,
  refundReturn,
  requestReturn,
} from './support/backoffice.ts';
import { addGoods } from './support/cart.ts';
import { freshApprovedPharmacy } from './support/freshMember.ts';
import { hydrated, staffPage } from './support/staff.ts';

// Money across both sides: a new pharmacy pays by bank transfer, finance confirms it; the order
// is shipped (test hook: shipping is another screen), the buyer returns a line, the reviewer
// approves, the warehouse receives, finance refunds and pays the refund out, and the buyer sees
// it on the return page and in the balance ledger.

test.describe.configure({ timeout: 180_000 });

test('bank transfer confirmed by finance; a return received and refunded into the ledger', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  await freshApprovedPharmacy(page.request, base);
  const r = page.request;
  const address = await r.post('/api/user/address', {
    form: {
      consignee: '李药师',
      phone: '13800138000',
      province: '湖北省',
      city: '武汉市',
      district: '洪山区',
      detail: '珞喻路 1 号',
      is_default: '1',
    },
    headers: { origin: base },
  });
  expect(address.status()).toBe(201);
  const line = await addGoods(
    r,
    base,
    300,
    (g) => !g.is_ephedrine && !g.must_multiple && g.purchase_limit === 0,
    2,
  );

  let orderId = 0;
  let reference = '';
  await test.step('the buyer chooses bank transfer and gets the account and a reference', async () => {
    ({ orderId, reference } = await checkoutByTransfer(page));
    await expect(page.getByTestId('transfer-panel')).toContainText('中国工商银行');
    await page.screenshot({ path: 'test-results/transfer-step3.png', fullPage: true });
    await page.reload();
    await expect(page.getByTestId('transfer-reference')).toHaveText(reference);
    await page.goto(`/order/info/${orderId}`);
    await expect(page.getByTestId('order-status')).toHaveText('等待财务确认');
    await expect(page.getByText(`附言 ${reference}`)).toBeVisible();
    await page.screenshot({ path: 'test-results/transfer-awaiting-order.png', fullPage: true });
  });

  const finance = await staffPage(browser, base, 'finance');
  await test.step('finance confirms the amount received in /admin/payments', async () => {
    await finance.goto('/admin/payments');
    const row = finance.locator(`tr[data-reference="${reference}"]`);
    await expect(row).toBeVisible();
    await hydrated(finance, 'TransferAction');
    await row.getByLabel('到账金额').fill('1.00');
    await row.getByRole('button', { name: '确认到账' }).click();
    await expect(finance.getByRole('status').filter({ hasText: '不能确认部分到账' })).toBeVisible();
    await finance.screenshot({ path: 'test-results/admin-payments-partial.png', fullPage: true });
    await confirmTransfer(finance, reference, '工行到账');
  });

  await test.step('the buyer sees the order paid', async () => {
    await page.goto(`/order/info/${orderId}`);
    await expect(page.getByTestId('order-status')).toHaveText('待发货');
    await expect(page.getByText(/对公转账 ¥[\d.]+ — 成功/)).toBeVisible();
    await page.screenshot({ path: 'test-results/transfer-paid-order.png', fullPage: true });
  });

  await test.step('shipped; the buyer asks to return one unit', async () => {
    const shipped = await r.post('/api/dev/ship', {
      form: { order_id: String(orderId) },
      headers: { origin: base },
    });
    expect(shipped.status()).toBe(200);
    await requestReturn(page, orderId, line.goods.name);
  });
  const returnId = (await (await r.get(`/api/order/${orderId}`)).json()).data.returns[0].id;

  await test.step('the reviewer approves it in /admin/returns', async () => {
    const reviewer = await staffPage(browser, base, 'reviewer');
    await reviewer.goto('/admin/returns');
    const row = reviewer.locator(`tr[data-return="${returnId}"]`);
    await expect(row).toContainText('待审核');
    // The buyer's photo, served to staff through the back office's own route.
    const photo = row.locator('img').first();
    await expect(photo).toHaveAttribute(
      'src',
      new RegExp(`^/api/admin/returns/${returnId}/photos/[0-9a-f]{32}\\.png$`),
    );
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(8);
    await hydrated(reviewer, 'ReturnAction');
    await reviewer.screenshot({ path: 'test-results/admin-returns-review.png', fullPage: true });
    await approveReturn(reviewer, returnId);
    await reviewer.context().close();
  });

  await test.step('the warehouse receives the unit back into its lot', async () => {
    const warehouse = await staffPage(browser, base, 'warehouse');
    await warehouse.goto('/admin/returns');
    const row = warehouse.locator(`tr[data-return="${returnId}"]`);
    await expect(row).toContainText('已同意，待收货');
    await hydrated(warehouse, 'ReturnAction');
    await row.getByLabel(`${line.goods.name} 入库数量`).fill('2');
    await row.getByRole('button', { name: '确认收货' }).click();
    await expect(
      warehouse.getByRole('status').filter({ hasText: '收货与报损合计不能超过该数量' }),
    ).toBeVisible();
    await warehouse.screenshot({ path: 'test-results/admin-returns-receive.png', fullPage: true });
    await receiveReturn(warehouse, returnId, line.goods.name, 1);
    await warehouse.context().close();
  });

  await test.step('finance refunds it and pays the transfer refund out', async () => {
    await finance.goto('/admin/returns');
    const row = finance.locator(`tr[data-return="${returnId}"]`);
    await expect(row).toContainText('已收货，待退款');
    await hydrated(finance, 'ReturnAction');
    await finance.screenshot({ path: 'test-results/admin-returns-refund.png', fullPage: true });
    await refundReturn(finance, returnId);
    await finance.goto('/admin/payments');
    await finance.screenshot({ path: 'test-results/admin-payments-refund.png', fullPage: true });
    await payOutRefund(
      finance,
      (await (await r.get(`/api/order/${orderId}`)).json()).data.no,
      'ICBC20261123',
    );
    await finance.goto('/admin/credit');
    await expect(finance.getByTestId('credit-table')).toContainText('武汉仁心大药房');
    await finance.screenshot({ path: 'test-results/admin-credit.png', fullPage: true });
  });

  await test.step('the buyer sees the refund on the return page and in the ledger', async () => {
    await page.goto(`/order/returnInfo/${orderId}`);
    await expect(page.getByTestId('return-progress')).toContainText('已退款');
    await expect(page.getByTestId('return-refund')).toContainText('已退款');
    await page.screenshot({ path: 'test-results/return-refunded.png', fullPage: true });
    await page.goto('/yegl');
    await expect(page.getByTestId('ledger')).toContainText('订单退款');
    await expect(page.getByTestId('ledger')).toContainText('退款原路退回');
    await page.screenshot({ path: 'test-results/ledger-refund.png', fullPage: true });
  });
  await finance.context().close();
});

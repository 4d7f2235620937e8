// The steps an order takes across both sides, as the screens take them: each helper does one
// action on the screen the page is on (or goes to it) and waits for its outcome. Specs navigate,
// look and take screenshots around them.
import { expect, type Page } from '@playwright/test';
import { tinyPng } from './images.ts';
import { hydrated } from './staff.ts';

/** From /cart: checks the cart out and chooses 对公转账 on step 3; answers the order and its reference. */
export async function checkoutByTransfer(
  page: Page,
): Promise<{ orderId: number; reference: string }> {
  await page.goto('/cart');
  await hydrated(page, 'CartPage');
  await page.getByRole('button', { name: '去结算' }).click();
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/cart\/step3\/\d+/);
  const orderId = Number(/step3\/(\d+)/.exec(page.url())![1]);
  await hydrated(page, 'PayPanel');
  await page.getByLabel(/对公转账/).check();
  await page.getByRole('button', { name: '获取转账信息' }).click();
  await expect(page.getByTestId('transfer-status')).toHaveText('等待财务确认');
  const reference = (await page.getByTestId('transfer-reference').textContent())!.trim();
  expect(reference).toMatch(/^YP[A-HJ-NP-Z2-9]{8}$/);
  return { orderId, reference };
}

/** On /admin/payments: finance confirms the transfer with this reference for the amount payable. */
export async function confirmTransfer(finance: Page, reference: string, note = '') {
  const row = finance.locator(`tr[data-reference="${reference}"]`);
  await hydrated(finance, 'TransferAction');
  const payable = (await row.locator('td').nth(3).textContent())!.replace('¥', '').trim();
  await row.getByLabel('到账金额').fill(payable);
  await row.getByLabel('备注', { exact: true }).fill(note);
  await row.getByRole('button', { name: '确认到账' }).click();
  await expect(finance.locator(`tr[data-reference="${reference}"]`)).toHaveCount(0);
}

/** On /admin/orders/{id}: carrier, tracking number and the codes scanned into the line's scanner. */
export async function fillShipment(
  desk: Page,
  goodsName: string,
  s: { carrier: string; trackingNo: string; codes: string[] },
) {
  await hydrated(desk, 'ShipOrder');
  await expect(desk.getByLabel(`${goodsName}批号`).locator('option:checked')).toContainText(
    '已预留',
  );
  await desk.getByLabel('承运商').fill(s.carrier);
  await desk.getByLabel('运单号').fill(s.trackingNo);
  const scanner = desk.getByLabel(`${goodsName}追溯码`);
  for (const c of s.codes) {
    await scanner.fill(c);
    await scanner.press('Enter');
  }
}

/** On /admin/orders/{id}: ships what the form holds. */
export async function confirmShipment(desk: Page) {
  await desk.getByRole('button', { name: '确认发货' }).click();
  await expect(desk.getByTestId('order-status')).toHaveText('已发货');
}

/** Twenty-digit traceability codes unique to this run. */
export function traceCodes(n: number): string[] {
  const stamp = `${Date.now()}`.slice(-12);
  return Array.from({ length: n }, (_, i) => `${stamp}${String(i + 1).padStart(8, '0')}`);
}

/** On the buyer's /order/info/{id}: confirms receipt. */
export async function confirmReceipt(buyer: Page) {
  await hydrated(buyer, 'OrderActions');
  await buyer.getByRole('button', { name: '确认收货' }).click();
  await buyer.getByRole('button', { name: '确定' }).click();
  await expect(buyer.getByTestId('order-status')).toHaveText('已完成');
}

/** The buyer asks on /order/returnInfo/{id} to return `units` of the goods, with a photo. */
export async function requestReturn(page: Page, orderId: number, goodsName: string, units = 1) {
  await page.goto(`/order/returnInfo/${orderId}`);
  await hydrated(page, 'ReturnForm');
  await page.getByLabel(`${goodsName}退货数量`).fill(String(units));
  await page.getByLabel('退货原因').fill('外包装破损');
  await page
    .getByLabel('上传照片')
    .setInputFiles({ name: 'damage.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByAltText('照片1')).toBeVisible();
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByTestId('return-progress')).toContainText('审核中');
}

/** On /admin/returns: the reviewer approves the request as asked. */
export async function approveReturn(reviewer: Page, returnId: number) {
  await hydrated(reviewer, 'ReturnAction');
  await reviewer
    .locator(`tr[data-return="${returnId}"]`)
    .getByRole('button', { name: '同意' })
    .click();
  await expect(reviewer.locator(`tr[data-return="${returnId}"]`)).toHaveCount(0);
}

/** On /admin/returns: the warehouse receives `units` of the goods back into their lot. */
export async function receiveReturn(
  warehouse: Page,
  returnId: number,
  goodsName: string,
  units: number,
) {
  const row = warehouse.locator(`tr[data-return="${returnId}"]`);
  await hydrated(warehouse, 'ReturnAction');
  await row.getByLabel(`${goodsName} 入库数量`).fill(String(units));
  await row.getByRole('button', { name: '确认收货' }).click();
  await expect(warehouse.locator(`tr[data-return="${returnId}"]`)).toHaveCount(0);
}

/** On /admin/returns: finance refunds the received request the way the money came. */
export async function refundReturn(finance: Page, returnId: number) {
  await hydrated(finance, 'ReturnAction');
  await finance
    .locator(`tr[data-return="${returnId}"]`)
    .getByRole('button', { name: /退款 ¥/ })
    .click();
  await finance.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(finance.locator(`tr[data-return="${returnId}"]`)).toHaveCount(0);
}

/** On /admin/payments: finance marks the transfer refund of this order as paid out. */
export async function payOutRefund(finance: Page, orderNo: string, note: string) {
  const refund = finance
    .locator('[data-testid="refunds-table"] tr[data-refund]')
    .filter({ hasText: orderNo });
  await expect(refund).toContainText('对公转账退回');
  await hydrated(finance, 'RefundPayout');
  await refund.getByLabel('打款备注').fill(note);
  await refund.getByRole('button', { name: '已打款' }).click();
  await finance.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(refund).toHaveCount(0);
}

// /zqgl: a store with a credit bill repays it from its balance and sees the bill paid down.
import { expect, test } from './support/test.ts';
import { addGoods } from './support/cart.ts';
import { freshApprovedPharmacy } from './support/freshMember.ts';

test('a store repays its credit bill from its balance on /zqgl', async ({ page }) => {
  const origin = test.info().project.use.baseURL!;
  const headers = { origin };
  await freshApprovedPharmacy(page.request, origin);
  expect(
    (
      await page.request.post('/api/dev/wallet', {
        form: { balance: '100000', credit_limit: '10000000' },
        headers,
      })
    ).status(),
  ).toBe(200);
  const address = await page.request.post('/api/user/address', {
    form: {
      consignee: '李药师',
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
  // A credit order: two units of the first plain goods from 360 on, paid on credit.
  const line = await addGoods(
    page.request,
    origin,
    360,
    (g) => !g.is_ephedrine && !g.must_multiple && g.purchase_limit === 0,
    2,
  );
  const placed = await page.request.post('/api/order', {
    form: { key: `k${Date.now()}`, 'ids[0]': String(line.id) },
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = (await placed.json()).data.order_ids[0];
  const paid = await page.request.post('/api/pay/user_credit_pay', {
    form: { order_id: String(orderId) },
    headers,
  });
  expect(paid.status(), await paid.text()).toBe(200);

  await page.goto('/zqgl');
  const repay = page.getByTestId('repay');
  await expect(repay).toContainText('待还');
  await expect(repay.getByRole('button', { name: '余额还款' })).toBeEnabled();
  await repay.locator('input[name=amount]').fill('0.01');
  await repay.getByRole('button', { name: '余额还款' }).click();
  await expect(page.getByRole('status').filter({ hasText: '还款成功' })).toBeVisible();
  await expect(page.getByTestId('ledger').locator('tbody tr').first()).toContainText('账期还款');
  await expect(page.getByTestId('ledger').locator('tbody tr').first()).toContainText('¥0.01');
  await page.screenshot({ path: test.info().outputPath('zqgl-repay.png'), fullPage: true });
});

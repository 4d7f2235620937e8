import { expect, test } from './support/test.ts';
import { freshApprovedPharmacy } from './support/freshMember.ts';
import { hydrated, staffPage } from './support/staff.ts';

// 全场折扣: the merchandiser's rate reaches the zone and the buyer's cart. The spec puts 94 back,
// the rate every other spec prices at.
test.describe.configure({ timeout: 120_000 });

test('the merchandiser sets the welfare rate; /welfare and the cart price at it', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  const page = await staffPage(browser, origin, 'merchandiser');
  await page.setViewportSize({ width: 1280, height: 800 });
  const setRate = async (value: string) => {
    await page.goto('/admin/promotions/welfare');
    await hydrated(page, 'DeskForm');
    const form = page.getByTestId('welfare-form');
    await form.getByLabel(/^折扣/).fill(value);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/promotions/welfare'));
    await form.getByRole('button', { name: '保存' }).click();
    return (await saved).status();
  };
  try {
    // Out of bounds: refused with the reason, the rate unchanged.
    expect(await setRate('40')).toBe(422);
    await expect(page.getByRole('status').filter({ hasText: '折扣须在50到99之间' })).toBeVisible();
    expect(await setRate('88')).toBe(200);
    await expect(page.getByTestId('welfare-form')).toContainText('当前 8.8折');
    await expect(page.getByTestId('welfare-rule')).toContainText('× 88%');
    await page.screenshot({ path: 'test-results/admin-welfare.png', fullPage: true });

    const buyer = await (await browser.newContext({ baseURL: origin })).newPage();
    await freshApprovedPharmacy(buyer.request, origin);
    await buyer.goto('/welfare');
    await expect(buyer.getByTestId('zone-title')).toHaveText('全场8.8折');
    await expect(buyer.locator('main')).toContainText('按 88% 结算');

    let line: any;
    for (let id = 1500; id < 1600 && !line; id++) {
      const res = await buyer.request.post('/api/cart', {
        form: {
          'params[0][goods_id]': String(id),
          'params[0][number]': '1',
          'params[0][is_welfare]': '1',
        },
        headers: { origin },
      });
      if (res.status() !== 200) continue;
      const lines = (await (await buyer.request.get('/api/cart/list')).json()).data.data;
      line = lines.find((l: any) => l.goods.id === id && l.is_welfare === 1);
    }
    expect(line).toBeTruthy();
    const amount = Math.round(Number(line.amount) * 100);
    const discount = amount - Math.floor((amount * 88) / 100);
    await buyer.goto('/cart');
    await hydrated(buyer, 'CartPage');
    await expect(buyer.getByTestId('cart-table')).toContainText('8.8折');
    await expect(buyer.getByTestId('cart-totals')).toContainText(
      `8.8折 -¥${(discount / 100).toFixed(2)}`,
    );
  } finally {
    expect(await setRate('94')).toBe(200);
  }
});

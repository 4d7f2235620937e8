import { expect, test, type Page } from '@playwright/test';

// What a pharmacy buyer trips over (issue 17): prices before approval, reaching flash sales,
// 含麻 orders and quantity fields.

const hydrated = (page: Page, name: string) =>
  expect(page.locator(`astro-island[component-url*="${name}"]`).first()).not.toHaveAttribute(
    'ssr',
    /.*/,
  );

async function loginAs(page: Page, username: string) {
  const res = await page.request.post('/api/login', {
    form: { username, password: 'yaopi2026' },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(res.status()).toBe(200);
}

test('an unreviewed clinic sees no price anywhere, only how to get approved', async ({ page }) => {
  await loginAs(page, 'clinic');
  const noPrices = async () => {
    await expect(page.getByTestId('price')).toHaveCount(0);
    await expect(page.getByTestId('unit-price')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText(/¥\d/);
  };

  await page.goto('/');
  const hidden = page.getByTestId('home-spike').getByTestId('price-hidden').first();
  await expect(hidden).toHaveText('审核通过后可见价格');
  await noPrices();

  await page.goto('/list');
  await expect(page.getByTestId('price-hidden').first()).toHaveText('审核通过后可见价格');
  await expect(page.getByLabel('最低价')).toHaveCount(0);
  await noPrices();
  await page.screenshot({ path: 'test-results/unapproved-list.png' });

  const card = page.getByTestId('goods-card').first();
  await card.getByTestId('goods-name').click();
  await expect(page.getByTestId('goods-detail')).toBeVisible();
  await expect(page.getByTestId('goods-detail').getByTestId('price-hidden')).toHaveText(
    '审核通过后可见价格',
  );
  await noPrices();

  for (const zone of ['/zhzq', '/mrtj', '/jxqzc', '/welfare']) {
    await page.goto(zone);
    await expect(page.getByTestId('price-hidden').first()).toHaveText('审核通过后可见价格');
    await noPrices();
  }

  await page.goto('/cart');
  await expect(page.getByTestId('prices-locked')).toContainText('审核通过后可见价格');
  // /cart opens the drawer by itself.
  await expect(page.getByTestId('drawer-unapproved')).toBeVisible();
  await expect(page.getByTestId('drawer-unapproved')).toContainText('上传资质证照');
  await page.screenshot({ path: 'test-results/unapproved-cart.png' });
  await page.getByTestId('prices-locked').getByRole('link', { name: '上传资质证照' }).click();
  await expect(page).toHaveURL(/\/zzzj$/);

  // The link on a price leads to the licence page too.
  await page.goto('/list');
  await page.getByTestId('price-hidden').first().click();
  await expect(page).toHaveURL(/\/zzzj$/);
});

test('an approved member sees the prices on the same screens', async ({ page }) => {
  await loginAs(page, 'demo');
  await page.goto('/');
  await expect(page.getByTestId('home-spike').getByTestId('price').first()).toBeVisible();
  await page.goto('/list');
  await expect(page.getByTestId('price').first()).toContainText('¥');
  await expect(page.getByTestId('price-hidden')).toHaveCount(0);
  await page.goto('/cart');
  await hydrated(page, 'CartPage');
  await expect(page.getByTestId('prices-locked')).toHaveCount(0);
});

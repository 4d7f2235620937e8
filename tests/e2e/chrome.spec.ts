import { expect, test } from '@playwright/test';

test('home page shows the header, nav and licence footer', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/药批/);
  await expect(page.getByTestId('shop-header')).toBeVisible();
  await expect(page.getByRole('link', { name: '请登录' })).toBeVisible();
  await expect(page.getByTestId('shop-footer')).toContainText('药品经营许可证');
  await expect(page.getByTestId('shop-footer')).toContainText('ICP备');
});

test('unknown paths land on the 404 page', async ({ page }) => {
  await page.goto('/definitely/not/here');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: '抱歉，您访问的页面不存在' })).toBeVisible();
});

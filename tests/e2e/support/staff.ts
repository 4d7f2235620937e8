import { expect, type Page } from '@playwright/test';

/** Signs a staff member in through the back office's own login page. */
export async function staffSignIn(
  page: Page,
  login: string,
  password = 'yaopi2026',
  to = '/admin',
) {
  await page.goto(`/admin/login?redirect=${encodeURIComponent(to)}`);
  const form = page.getByTestId('admin-login');
  await expect(form.locator('button[type=submit]')).toBeEnabled();
  await form.locator('input[name=login]').fill(login);
  await form.locator('input[name=password]').fill(password);
  await form.locator('button[type=submit]').click();
  await expect(page.getByTestId('admin-who')).toBeVisible();
}

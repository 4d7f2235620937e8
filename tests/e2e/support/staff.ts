import { expect, test, type Browser, type Page } from '@playwright/test';
import { islandsLive } from './test.ts';

const HYDRATION_TIMEOUT_MS = 10_000;

/** Waits until the page's first island of this component (Astro's or a yp-island) has hydrated. */
export const hydrated = (page: Page, name: string) =>
  page.waitForFunction(
    islandsLive,
    {
      selector: `astro-island[component-url*="${name}"], yp-island[component="${name}"]`,
      first: true,
    },
    { timeout: HYDRATION_TIMEOUT_MS },
  );

/** Waits until the detail page's buy box has its behaviour (client/buyBox.ts). */
export const buyBoxReady = (page: Page) =>
  expect(page.locator('[data-testid="buy-box"][data-ready]')).toBeVisible();

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

/** A browser context of its own, signed in to the back office as the demo staff member `login`. */
export async function staffPage(browser: Browser, baseURL: string, login: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await staffSignIn(page, login);
  return page;
}

/** A browser context of its own, logged in as the buyer `username` (through the API). */
export async function buyerPage(
  browser: Browser,
  baseURL: string,
  username: string,
  password = 'yaopi2026',
): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await loginAs(page, username, password, baseURL);
  return page;
}

/** Logs `page` in as the buyer `username` through the API (form posts need the shop's Origin). */
export async function loginAs(
  page: Page,
  username: string,
  password = 'yaopi2026',
  origin = test.info().project.use.baseURL!,
): Promise<void> {
  const res = await page.request.post('/api/login', {
    form: { username, password },
    headers: { origin },
  });
  expect(res.status()).toBe(200);
}

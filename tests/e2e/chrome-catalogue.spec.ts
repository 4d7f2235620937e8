import { expect, test, type Page } from './support/test.ts';

// SPEC 8, row by row, as a buyer sees it. The trigger is a real call with the catalogue on:
// 安全退出 (DELETE /api/user/logout), answered by page.route.

const json = (data: unknown, status: number) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(data),
});

async function memberOnPage(page: Page) {
  expect(
    (
      await page.request.post('/api/login', {
        form: { username: 'demo', password: 'yaopi2026' },
        headers: { origin: test.info().project.use.baseURL! },
      })
    ).status(),
  ).toBe(200);
  await page.goto('/404');
}

const answerLogout = (page: Page, status: number, body: unknown) =>
  page.route('**/api/user/logout', (r) => r.fulfill(json(body, status)));

test('422: the first message of the first failing field, with an error icon', async ({ page }) => {
  await memberOnPage(page);
  await answerLogout(page, 422, {
    message: '手机号格式不正确',
    errors: { phone: ['手机号格式不正确', '第二条'], code: ['验证码不正确'] },
  });
  await page.getByTestId('logout').click();
  const toast = page.getByRole('status');
  await expect(toast).toHaveText(/手机号格式不正确/);
  await expect(toast.locator('[data-icon="error"]')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('459: the message, then the contract page', async ({ page }) => {
  await memberOnPage(page);
  await answerLogout(page, 459, { message: '请先签署电子购销合同' });
  await page.getByTestId('logout').click();
  await expect(page.getByRole('status')).toHaveText(/请先签署电子购销合同/);
  await page.waitForURL(/\/dzht$/);
});

test('500: 系统繁忙，请稍后再试 without internals', async ({ page }) => {
  await memberOnPage(page);
  await answerLogout(page, 500, {
    message: 'TypeError: x is undefined at db.ts:12',
    request_id: 'r1',
  });
  await page.getByTestId('logout').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('系统繁忙，请稍后再试');
  await expect(dialog).not.toContainText('TypeError');
});

test('401: to the login page with a way back', async ({ page }) => {
  await memberOnPage(page);
  // A real 401 means the session is gone on the server; the login page then stays on screen.
  await page.route('**/api/user/logout', async (r) => {
    await page.context().clearCookies();
    await r.fulfill(json({ message: '请先登录' }, 401));
  });
  await page.getByTestId('logout').click();
  await page.waitForURL(/\/login\?redirect=%2F404$/);
});

test('other 4xx: the server message in a dialog', async ({ page }) => {
  await memberOnPage(page);
  await answerLogout(page, 409, { message: '该账号正在另一处操作，请稍后再试' });
  await page.getByTestId('logout').click();
  await expect(page.getByRole('dialog')).toContainText('该账号正在另一处操作，请稍后再试');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('timeout: a dialog asking to refresh, with a 刷新页面 button', async ({ page }) => {
  await page.clock.install();
  await memberOnPage(page);
  await page.route('**/api/user/logout', () => {
    /* never answers */
  });
  // The header closes the chat stream before it asks to log out: advance the clock only once the
  // request (and so its timeout) has started.
  const sent = page.waitForRequest('**/api/user/logout');
  await page.getByTestId('logout').click();
  await sent;
  await page.clock.runFor(31_000);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('网络请求超时');
  let reloaded = false;
  page.on('request', (r) => {
    if (r.resourceType() === 'document') reloaded = true;
  });
  await dialog.getByRole('button', { name: '刷新页面' }).click();
  await expect.poll(() => reloaded).toBe(true);
});

test('an aborted request shows nothing; only the newer answer is shown', async ({ page }) => {
  await memberOnPage(page);
  let n = 0;
  await page.route('**/api/user/logout', async (r) => {
    n++;
    if (n === 1) return; // the first call hangs until the second one replaces it
    await r.fulfill(
      json({ message: '第二次请求的提示', errors: { x: ['第二次请求的提示'] } }, 422),
    );
  });
  await page.getByTestId('logout').click();
  await expect.poll(() => n).toBe(1);
  await page.getByTestId('logout').click();
  await expect(page.getByRole('status')).toHaveText(/第二次请求的提示/);
  await page.waitForTimeout(500);
  await expect(page.getByRole('status')).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

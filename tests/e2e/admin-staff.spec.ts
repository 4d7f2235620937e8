// The back office's door and its staff screen, as an admin and a new colleague would use them.
import { expect, test } from './support/test.ts';
import { staffSignIn } from './support/staff.ts';

test('an admin adds a colleague, who signs in with the one-time password and must replace it', async ({
  page,
  browser,
}) => {
  await staffSignIn(page, 'admin', 'yaopi2026', '/admin/staff');
  await expect(page).toHaveURL(/\/admin\/staff$/);
  const login = `e2e${Date.now().toString(36)}`;
  const add = page.getByTestId('add-staff');
  await add.locator('input[name=login]').fill(login);
  await add.locator('input[name=name]').fill('赵发货');
  await add.locator('input[name=roles][value=warehouse]').check();
  await add.locator('button[type=submit]').click();
  const secret = page.getByTestId('one-time-password');
  await expect(secret).toContainText(login);
  const password = (await secret.locator('code').textContent())!.trim();
  await expect(page.getByTestId('staff-table').locator(`tr[data-login="${login}"]`)).toContainText(
    '待改密码',
  );

  const colleague = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL! })
  ).newPage();
  await colleague.goto('/admin/staff');
  await expect(colleague).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fstaff/);
  await staffSignIn(colleague, login, password, '/admin');
  // A one-time password must be replaced before anything else.
  await expect(colleague).toHaveURL(/\/admin\/password$/);
  await expect(colleague.getByTestId('must-change')).toBeVisible();
  await expect(colleague.getByRole('button', { name: '保存' })).toBeEnabled();
  await colleague.locator('input[name=old_password]').fill(password);
  await colleague.locator('input[name=password]').fill('Fahuo2026x');
  await colleague.locator('input[name=password_confirmation]').fill('Fahuo2026x');
  await colleague.getByRole('button', { name: '保存' }).click();
  await expect(colleague).toHaveURL(/\/admin$/);
  // A warehouse clerk's menu has no staff screen, and the screen itself says no.
  await expect(colleague.getByTestId('admin-nav')).not.toContainText('员工与角色');
  const denied = await colleague.goto('/admin/staff');
  expect(denied?.status()).toBe(403);
  await expect(colleague.getByTestId('forbidden')).toBeVisible();

  // Everything above is in the audit log, filterable by the colleague's id.
  await page.goto('/admin/audit?entity=staff');
  const table = page.getByTestId('audit-table');
  await expect(table).toContainText('staff.add');
  await expect(table).toContainText('staff.change_password');
  await page.screenshot({ path: test.info().outputPath('audit.png') });
});

test('a buyer session does not open the back office', async ({ page }) => {
  const res = await page.request.post('/api/login', {
    form: { username: 'demo', password: 'yaopi2026' },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(res.status()).toBe(200);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login/);
});

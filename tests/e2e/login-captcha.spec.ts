// Wrong passwords never lock a buyer out: the login page says how many attempts are left, then
// asks for the captcha, and the right password with the captcha gets in.
import { expect, test } from './support/test.ts';
import { registerPharmacy } from './support/freshMember.ts';

test('after three wrong passwords the login asks for a captcha; answered, the member gets in', async ({
  page,
  request,
}) => {
  const origin = test.info().project.use.baseURL!;
  // Registered through a context of its own: registering signs that context in.
  const username = await registerPharmacy(request, origin);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登 录' })).toBeEnabled();
  // This is the demo shop: its logins are offered (a real shop shows none, see startup.test.ts).
  await expect(page.getByTestId('demo-hint')).toContainText('yaopi2026');
  await page.locator('input[name=username]').fill(username);
  for (let left = 9; left >= 7; left--) {
    await page.locator('input[name=password]').fill('Wrong1234');
    await page.getByRole('button', { name: '登 录' }).click();
    await expect(page.getByRole('dialog')).toContainText(`用户名或密码错误，还可尝试${left}次`);
    await page.getByRole('dialog').getByRole('button').first().click();
  }
  // The third failure brings the captcha; without an answer the form says so at the input.
  await expect(page.getByTestId('captcha').locator('img')).toBeVisible();
  await page.locator('input[name=password]').fill('Secret123');
  // Each picture answers once: the refusal draws a new one, which the test hook gives an answer.
  const redrawn = page.waitForResponse((r) => r.url().includes('/api/captcha'));
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByRole('alert')).toHaveText('请输入图中的验证码');
  await page.screenshot({ path: test.info().outputPath('login-captcha.png') });
  const id = (await (await redrawn).json()).data.id as string;
  const set = await request.post('/api/dev/captcha', {
    form: { id, answer: 'k7mp' },
    headers: { origin },
  });
  expect(set.status()).toBe(200);
  await page.locator('input[name=captcha]').fill('K7MP');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('company-name')).toBeVisible();
});

test('a password change asks for the current password and says at the field when it is wrong', async ({
  page,
}) => {
  const origin = test.info().project.use.baseURL!;
  const username = await registerPharmacy(page.request, origin); // signs this page's context in
  await page.goto('/basic');
  const form = page.getByTestId('password-form');
  await expect(form.getByRole('button', { name: '修改密码' })).toBeEnabled();
  await form.locator('input[name=old_password]').fill('Guess1234');
  await form.locator('input[name=password]').fill('NewSecret456');
  await form.locator('input[name=password_confirmation]').fill('NewSecret456');
  await form.getByRole('button', { name: '修改密码' }).click();
  await expect(form.getByRole('alert')).toHaveText('当前密码不正确');
  await form.locator('input[name=old_password]').fill('Secret123');
  await form.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByRole('status').filter({ hasText: '密码已修改' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('password-change.png') });
  const relogin = await page.request.post('/api/login', {
    form: { username, password: 'NewSecret456' },
    headers: { origin },
  });
  expect(relogin.status()).toBe(200);
});

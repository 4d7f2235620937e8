import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { randomInt } from 'node:crypto';
import { uploadLicenceOnPage } from './support/freshMember.ts';

const PASSWORD = 'Secret123';
const uniquePhone = () => `137${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const uniqueUsername = () =>
  `e${Date.now().toString(36)}${randomInt(0, 1e5).toString(36)}`.slice(0, 20);

async function lastCode(request: APIRequestContext, phone: string): Promise<string> {
  await expect
    .poll(async () => (await request.get(`/api/dev/sms?phone=${phone}`)).status())
    .toBe(200);
  return (await (await request.get(`/api/dev/sms?phone=${phone}`)).json()).data.code;
}

/** Steps 1 and 2 of a registration flow through the forms; ends on step 3. */
async function registerThroughForms(page: Page, request: APIRequestContext, base: string) {
  const phone = uniquePhone();
  const username = uniqueUsername();
  const step1 = page.getByTestId('register-step1');
  await expect(page.getByTestId('send-sms')).toBeEnabled(); // hydrated
  await step1.locator('input[name=username]').fill(username);
  await step1.locator('input[name=password]').fill(PASSWORD);
  await step1.locator('input[name=password_confirmation]').fill('Mismatch99');
  await step1.locator('input[name=phone]').fill(phone);
  await page.getByTestId('send-sms').click();
  await expect(page.getByTestId('send-sms')).toContainText('秒后重发');
  await step1.locator('input[name=code]').fill(await lastCode(request, phone));
  await step1.getByRole('button', { name: /下一步/ }).click();
  // Client-side checks first: mismatch and the unticked agreement.
  await expect(step1.getByText('两次输入的密码不一致')).toBeVisible();
  await expect(step1.getByText(/请阅读并同意/)).toBeVisible();
  await step1.locator('input[name=password_confirmation]').fill(PASSWORD);
  await step1.locator('input[name=agree]').check();
  await step1.getByRole('button', { name: /下一步/ }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/step2$`));
  await expect(page.locator('[aria-current=step]')).toContainText('填写企业信息');
  const step2 = page.getByTestId('register-step2');
  await step2.locator('input[name=company_name]').fill(`端到端测试大药房${username}`);
  await step2.locator('select[name=company_type]').selectOption('pharmacy');
  await step2.locator('select[name=province]').selectOption('湖北省');
  await step2.locator('input[name=city]').fill('武汉市');
  await step2.locator('input[name=address]').fill('珞喻路 100 号');
  await step2.locator('input[name=contact_name]').fill('赵六');
  await step2.locator('input[name=contact_phone]').fill('12345');
  await step2.getByRole('button', { name: '提交注册' }).click();
  await expect(step2.getByText('请输入正确的手机号码或固定电话')).toBeVisible();
  await step2.locator('input[name=contact_phone]').fill('027-87654321');
  await step2.getByRole('button', { name: '提交注册' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/step3$`));
  await expect(page.getByTestId('register-done')).toContainText('正在等待审核');
  return { phone, username };
}

test('registers through /register (steps 1–3) and uploads a licence', async ({ page, request }) => {
  await page.goto('/register');
  await expect(page).toHaveURL(/\/register\/step1$/);
  await registerThroughForms(page, request, '/register');
  await uploadLicenceOnPage(page);
});

test('registers through the WeChat entry and /register/dd', async ({ page, request }) => {
  await page.goto('/register/wechat');
  await page.getByTestId('wechat-continue').click();
  await expect(page).toHaveURL(/\/register\/dd\/step1$/);
  const { username } = await registerThroughForms(page, request, '/register/dd');
  await page.goto('/user');
  await expect(page.getByTestId('centre-company')).toContainText(username);
  await expect(page.getByTestId('warn-review')).toBeVisible();
});

test('logs in, edits basic info, adds a default address, logs out', async ({ page }) => {
  await page.goto('/addr');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faddr$/);
  await expect(page.getByRole('button', { name: '登 录' })).toBeEnabled(); // hydrated
  await page.locator('input[name=username]').fill('clinic');
  await page.locator('input[name=password]').fill('wrong-pass1');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByRole('dialog')).toContainText('用户名或密码错误');
  await page.getByRole('dialog').getByRole('button').first().click();
  await page.locator('input[name=password]').fill('yaopi2026');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/addr$/);
  // The login=1 flag makes the next page load reload once, then it is cleared (SPEC 4).
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('login')).catch(() => 'reloading'))
    .toBeNull();

  // Addresses: add two, make the second the default (the list island hydrates on load).
  const stamp = Date.now().toString(36);
  for (const detail of [`健康路 ${stamp} 号`, `人民路 ${stamp} 号`]) {
    await page.getByTestId('address-add').click();
    const form = page.getByTestId('address-form');
    await form.locator('input[name=consignee]').fill('陈医生');
    await form.locator('input[name=phone]').fill('13800000002');
    await form.locator('select[name=province]').selectOption('湖北省');
    await form.locator('input[name=city]').fill('襄阳市');
    await form.locator('input[name=detail]').fill(detail);
    await form.getByRole('button', { name: '保存地址' }).click();
    await expect(page.getByTestId('address-list')).toContainText(detail);
  }
  const second = page.getByTestId('address-item').filter({ hasText: `人民路 ${stamp} 号` });
  await second.getByRole('button', { name: '设为默认' }).click();
  await expect(
    page
      .getByTestId('address-item')
      .filter({ hasText: `人民路 ${stamp} 号` })
      .getByTestId('address-default'),
  ).toBeVisible();

  // Basic info.
  await page.goto('/basic');
  await expect(page.getByTestId('jyfw')).toContainText('处方药');
  const basic = page.getByTestId('basic-form');
  await expect(basic.getByRole('button', { name: '保存' })).toBeEnabled(); // hydrated
  await basic.locator('input[name=name]').fill('陈');
  await basic.getByRole('button', { name: '保存' }).click();
  await expect(basic.getByText('联系人姓名为2-20个汉字或字母')).toBeVisible();
  await basic.locator('input[name=name]').fill('陈明');
  await basic.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('basic-form').locator('input[name=name]')).toHaveValue('陈明');
  await expect(page.getByTestId('basic-form').getByRole('button', { name: '保存' })).toBeEnabled();

  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: '请登录' })).toBeVisible();
  await page.goto('/basic');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('resets a forgotten password and logs in with it', async ({ page, request }) => {
  // A member of its own, registered through the API.
  const phone = uniquePhone();
  const username = uniqueUsername();
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin };
  expect(
    (await request.post('/api/sms/send', { form: { phone, type: 'register' }, headers })).status(),
  ).toBe(200);
  const reg = await request.post('/api/register', {
    headers,
    form: {
      username,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      phone,
      code: await lastCode(request, phone),
      company_name: '找回密码测试药房',
      company_type: 'clinic',
      province: '湖北省',
      city: '武汉市',
      address: '测试路 1 号',
      contact_name: '孙七',
      contact_phone: phone,
    },
  });
  expect(reg.status()).toBe(201);

  await page.goto('/forget');
  await expect(page).toHaveURL(/\/forget\/step1$/);
  const step1 = page.getByTestId('forget-step1');
  await expect(page.getByTestId('send-sms')).toBeEnabled(); // hydrated
  await step1.locator('input[name=phone]').fill(phone);
  await page.getByTestId('send-sms').click();
  await expect(page.getByTestId('send-sms')).toContainText('秒后重发');
  await step1.locator('input[name=code]').fill(await lastCode(request, phone));
  await step1.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/\/forget\/step2$/);
  const step2 = page.getByTestId('forget-step2');
  await expect(step2.getByRole('button', { name: '重置密码' })).toBeEnabled(); // hydrated
  await step2.locator('input[name=password]').fill('Changed2026');
  await step2.locator('input[name=password_confirmation]').fill('Changed2026');
  await step2.getByRole('button', { name: '重置密码' }).click();
  await expect(page).toHaveURL(/\/forget\/step3$/);
  await expect(page.getByTestId('forget-done')).toContainText('密码重置成功');

  await page.getByRole('link', { name: '立即登录' }).click();
  await expect(page.getByRole('button', { name: '登 录' })).toBeEnabled(); // hydrated
  await page.locator('input[name=username]').fill(phone);
  await page.locator('input[name=password]').fill('Changed2026');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: '找回密码测试药房' })).toBeVisible();
});

test('a member uploads a renewed licence on /zzzj and sees the chain store warning', async ({
  page,
}) => {
  await page.goto('/login?redirect=%2Fzzzj');
  await expect(page.getByRole('button', { name: '登 录' })).toBeEnabled(); // hydrated
  await page.locator('input[name=username]').fill('chain');
  await page.locator('input[name=password]').fill('yaopi2026');
  // The first page after the login screen reloads once (SPEC 4): let it, or that reload cancels
  // the next navigation.
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname);
  });
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/zzzj$/);
  await expect.poll(() => documents.filter((p) => p === '/zzzj').length).toBe(2);
  await page.waitForLoadState('load');
  await page.goto('/ddgl');
  const hankou = page.getByTestId('store-table').locator('tr', { hasText: '汉口店' });
  await hankou.getByRole('button', { name: '切换到此门店' }).click();
  // The page reloads as the 汉口店 member.
  await expect(hankou).toContainText('当前门店');
  await expect(page.getByTestId('shop-header')).toContainText('益康连锁药房（汉口店）');
  await page.goto('/zzzj');
  await expect(page.getByTestId('warn-expiring')).toContainText('药品经营许可证');
  await uploadLicenceOnPage(page);
});

test('/bdwx shows the WeChat bind code as a QR code with the code under it', async ({
  page,
  baseURL,
}) => {
  const login = await page.request.post('/api/login', {
    form: { username: 'clinic', password: 'yaopi2026' },
    headers: { origin: baseURL! },
  });
  expect(login.status()).toBe(200);
  await page.goto('/bdwx');
  const create = page.getByRole('button', { name: '生成绑定二维码' });
  await expect(create).toBeEnabled(); // hydrated
  await create.click();
  const qr = page.getByTestId('bind-qr').locator('svg');
  await expect(qr).toBeVisible();
  await expect(qr.locator('path').first()).toBeAttached();
  const box = await qr.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(150);
  await expect(page.getByTestId('bind-code')).toHaveText(/^[\w-]{16}$/);
  await page.screenshot({ path: 'test-results/bdwx-qr.png' });
});

import { expect, test, type Page } from './support/test.ts';
import {
  freshApprovedPharmacy,
  registerPharmacy,
  uploadLicenceOnPage,
} from './support/freshMember.ts';
import { licenceScanPng } from './support/images.ts';
import { hydrated, staffPage } from './support/staff.ts';

// The buyer desks from the browser: a licence rejected with a reason the buyer reads, an expiry
// reminder, and a store profile edited by the reviewer and by finance, seen by the buyer.

test.describe.configure({ timeout: 120_000 });

const inDays = (n: number) =>
  new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

/** The toast the back office shows for a refusal (a done action reloads the page at once). */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('a licence rejected with a reason: the buyer reads it in /wdxx and on /zzzj', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const username = await registerPharmacy(page.request, base);
  const licenceNo = `鄂AB${String(Date.now()).slice(-7)}`;
  await page.goto('/zzzj');
  await uploadLicenceOnPage(page, {
    number: licenceNo,
    expiresOn: inDays(400),
    file: licenceScanPng(),
  });

  const reviewer = await staffPage(browser, base, 'reviewer');
  await reviewer.goto(`/admin/licences?q=${username}`);
  const row = reviewer.locator('tr[data-licence]').filter({ hasText: licenceNo });
  await hydrated(reviewer, 'LicenceReview');
  await row.getByRole('button', { name: '驳回' }).click();
  await expect(toast(reviewer, '请填写驳回原因')).toBeVisible();
  // Keyboard: type the reason and press Enter.
  const reason = row.getByLabel(`药品经营许可证 ${licenceNo} 驳回原因`);
  await reason.fill('证件照片模糊，请重新拍摄');
  await reviewer.screenshot({ path: 'test-results/admin-licences-reject.png', fullPage: true });
  await reason.press('Enter');
  await expect(reviewer.locator('tr[data-licence]').filter({ hasText: licenceNo })).toHaveCount(0);
  await reviewer.getByRole('link', { name: /未通过/ }).click();
  const rejected = reviewer.locator('tr[data-licence]').filter({ hasText: licenceNo });
  await expect(rejected).toContainText('原因：证件照片模糊，请重新拍摄');
  await expect(rejected.getByRole('button', { name: '通过' })).toBeVisible();
  await reviewer.screenshot({ path: 'test-results/admin-licences-rejected.png', fullPage: true });

  await page.goto('/wdxx');
  const message = page.getByTestId('message-item').first();
  await expect(message).toContainText('资质审核未通过');
  await hydrated(page, 'MessageList');
  await message.getByRole('button').click();
  await expect(message).toContainText('证件照片模糊，请重新拍摄');
  await page.screenshot({ path: 'test-results/wdxx-licence-rejected.png', fullPage: true });
  await page.goto('/zzzj');
  await expect(page.getByTestId('warn-rejected')).toContainText(
    '您的药品经营许可证未通过审核：证件照片模糊，请重新拍摄',
  );
  await expect(page.getByTestId('warn-review')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/zzzj-rejected.png', fullPage: true });
  await reviewer.context().close();
});

test('a licence in use expiring soon: the reviewer reminds the buyer once', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const username = await freshApprovedPharmacy(page.request, base);
  const zizhi = (await (await page.request.get('/api/user/zizhi')).json()).data.list;
  const licence = zizhi.find((l: any) => l.type === 'drug_trade');
  const moved = await page.request.post('/api/dev/licence_expiry', {
    form: { id: String(licence.id), expires_on: inDays(5) },
    headers: { origin: base },
  });
  expect(moved.status()).toBe(200);

  const reviewer = await staffPage(browser, base, 'reviewer');
  await reviewer.goto('/admin/licences');
  await reviewer.getByRole('link', { name: /到期提醒/ }).click();
  await reviewer.getByLabel('搜索').fill(username);
  await reviewer.getByLabel('搜索').press('Enter');
  await expect(reviewer).toHaveURL(new RegExp(`state=expiring&q=${username}`));
  const row = reviewer.locator(`tr[data-licence="${licence.id}"]`);
  await expect(row.getByTestId('days-left')).toHaveText('剩5天');
  await expect(row.getByTestId('reminded')).toHaveText('未提醒');
  await hydrated(reviewer, 'LicenceRemind');
  await row.getByRole('button', { name: `提醒 药品经营许可证 ${licence.number}` }).click();
  await expect(
    reviewer.locator(`tr[data-licence="${licence.id}"]`).getByTestId('reminded'),
  ).toContainText('上次提醒');
  await reviewer.screenshot({ path: 'test-results/admin-licences-expiring.png', fullPage: true });
  await hydrated(reviewer, 'LicenceRemind');
  await reviewer
    .locator(`tr[data-licence="${licence.id}"]`)
    .getByRole('button', { name: /^提醒/ })
    .click();
  await expect(reviewer.getByRole('dialog')).toContainText('今天已提醒过该客户');

  await page.goto('/wdxx');
  const message = page.getByTestId('message-item').first();
  await expect(message).toContainText('资质即将到期');
  await hydrated(page, 'MessageList');
  await message.getByRole('button').click();
  await expect(message).toContainText('还剩5天');
  await page.screenshot({ path: 'test-results/wdxx-licence-reminder.png', fullPage: true });
  await reviewer.context().close();
});

test('a store profile: the reviewer and finance edit their parts; the buyer sees the changes', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const username = await freshApprovedPharmacy(page.request, base);

  const reviewer = await staffPage(browser, base, 'reviewer');
  await reviewer
    .getByRole('navigation', { name: '后台菜单' })
    .getByRole('link', { name: '门店资料' })
    .click();
  const filter = reviewer.getByTestId('store-filter');
  await filter.getByLabel('搜索').fill(username);
  await filter.getByLabel('省份').selectOption('湖北省');
  await filter.getByLabel('认证').selectOption('1');
  await filter.getByRole('button', { name: '筛选' }).click();
  await expect(reviewer).toHaveURL(new RegExp(`q=${username}&type=&province=`));
  await expect(filter.getByLabel('认证')).toHaveValue('1');
  const listRow = reviewer.locator('tr[data-store]');
  await expect(listRow).toHaveCount(1);
  await expect(listRow).toContainText('已认证');
  await reviewer.screenshot({ path: 'test-results/admin-stores.png', fullPage: true });
  await listRow.getByRole('link', { name: `测试大药房${username}` }).click();
  await expect(reviewer).toHaveURL(/\/admin\/stores\/\d+$/);
  const storeUrl = reviewer.url();

  // The reviewer's part: region, rank, a new dedicated contact, chat off.
  await hydrated(reviewer, 'StoreEditor');
  const profile = reviewer.getByRole('form', { name: '门店资料' });
  await profile.getByLabel('省份').selectOption('广东省');
  await profile.getByLabel('城市').fill('广州市');
  await profile.getByLabel('价格等级').selectOption('4');
  await profile.getByLabel('专属客服').selectOption('new');
  await profile.getByLabel('客服姓名').fill('赵客服');
  await profile.getByLabel('客服电话').fill('020-88886666');
  await profile.getByLabel('客服备用电话').fill('13912345678');
  await profile.getByLabel('允许使用在线客服').uncheck();
  await profile.getByRole('button', { name: '保存资料' }).click();
  await expect(reviewer.getByTestId('store-head')).toContainText('广东省广州市　4级');

  // A controlled goods on the store's allow-list, and the e-contract back to unsigned.
  await hydrated(reviewer, 'StoreEditor');
  const allow = reviewer.getByRole('form', { name: '加入控销白名单' });
  const choice = allow.getByLabel('控销商品').locator('option').nth(1);
  const goodsLabel = (await choice.textContent())!;
  await allow.getByLabel('控销商品').selectOption({ index: 1 });
  await allow.getByRole('button', { name: '加入白名单' }).click();
  await expect(reviewer.getByTestId('allow-list')).toContainText(goodsLabel.split(' ')[1]!);
  await hydrated(reviewer, 'StoreEditor');
  await reviewer.getByLabel('重置原因').fill('合同签署人已离职');
  await reviewer.getByRole('button', { name: '重置为未签署' }).click();
  await reviewer.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(reviewer.getByTestId('contract-state')).toHaveText('未签署：客户下单前需签署');
  await reviewer.screenshot({ path: 'test-results/admin-store-reviewer.png', fullPage: true });
  // The credit part is finance's: read-only here.
  await expect(reviewer.getByTestId('credit-readonly')).toBeVisible();

  // Finance: credit limit and bill day; the reviewer's part is read-only.
  const finance = await staffPage(browser, base, 'finance');
  await finance.goto(storeUrl);
  await expect(finance.getByRole('button', { name: '保存资料' })).toHaveCount(0);
  await hydrated(finance, 'StoreEditor');
  const credit = finance.getByRole('form', { name: '账期' });
  await credit.getByLabel('账期额度').fill('50000');
  await credit.getByLabel('还款日').selectOption('15');
  await credit.getByLabel('账期额度').press('Enter');
  await expect(finance.getByRole('form', { name: '账期' }).getByLabel('账期额度')).toHaveValue(
    '50000.00',
  );
  await finance.screenshot({ path: 'test-results/admin-store-finance.png', fullPage: true });

  // The buyer, on the next requests.
  await page.goto('/user');
  await expect(page.getByTestId('centre-admin')).toContainText('专属客服：赵客服');
  await expect(page.getByTestId('centre-admin')).toContainText('020-88886666');
  // The rank's own line: a bare 'V4' also matched a random username that held "v4".
  await expect(page.getByText(/会员等级：/)).toContainText('★★★★ V4');
  await page.screenshot({ path: 'test-results/user-after-profile.png', fullPage: true });
  await page.goto('/zqgl');
  await expect(page.getByText('账期总额度 ¥50000.00')).toBeVisible();
  await expect(page.getByTestId('bill-day')).toHaveText('还款日 次月15日');
  await page.goto('/wdxx');
  const message = page.getByTestId('message-item').first();
  await expect(message).toContainText('请重新签署电子购销合同');
  await hydrated(page, 'MessageList');
  await message.getByRole('button').click();
  await expect(message).toContainText('合同签署人已离职');
  const contract = (await (await page.request.get('/api/user/contract')).json()).data;
  expect(contract.signed).toBe(false);
  for (const p of [reviewer, finance]) await p.context().close();
});

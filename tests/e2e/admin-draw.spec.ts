import { expect, test } from './support/test.ts';
import { registerPharmacy } from './support/freshMember.ts';
import { hydrated, staffPage } from './support/staff.ts';

// The lucky-draw desk: an activity made on the screen is the one a member draws from. It is not
// the home pop-up's, so draw.spec.ts keeps meeting the seeded one.
test.describe.configure({ timeout: 120_000 });

test('a merchandiser sets up a lucky draw with odds and stock; a member wins from it; ended, it refuses', async ({
  browser,
  baseURL,
}) => {
  const page = await staffPage(browser, baseURL!, 'merchandiser');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/promotions/draw');
  await hydrated(page, 'DeskForm');
  const form = page.getByTestId('draw-form');
  const name = `桌面抽奖${Date.now().toString(36)}`;
  await form.getByLabel('活动名称').fill(name);
  await form.getByLabel('每店每日次数').fill('2');
  await form.getByLabel('奖品1 名称').fill('谢谢参与积分');
  await form.locator('[id="desk-prizes[0][value]"]').fill('5');
  await form.locator('[id="desk-prizes[0][weight]"]').fill('0');
  await form.getByLabel('奖品2 名称').fill('满50减5券');
  await form.locator('[id="desk-prizes[1][kind]"]').selectOption('coupon');
  await form.locator('[id="desk-prizes[1][value]"]').fill('5');
  await form.locator('[id="desk-prizes[1][threshold]"]').fill('50');
  await form.locator('[id="desk-prizes[1][weight]"]').fill('1');
  await form.locator('[id="desk-prizes[1][stock]"]').fill('10');
  await form.locator('[id="desk-prizes[1][remarks]"]').fill('券已放入钱包');

  // A coupon prize worth its threshold is refused with the reason; the entry stays.
  await form.locator('[id="desk-prizes[1][value]"]').fill('50');
  await form.getByRole('button', { name: '创建' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '第2个奖品的优惠券面额须小于使用门槛' }),
  ).toBeVisible();
  await expect(form.getByLabel('奖品2 名称')).toHaveValue('满50减5券');

  await form.locator('[id="desk-prizes[1][value]"]').fill('5');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/draw'));
  await form.getByRole('button', { name: '创建' }).click();
  expect((await saved).status()).toBe(201);
  const row = page.getByTestId('draw-table').locator('tr', { hasText: name });
  await expect(row).toContainText('满50减5券 券¥5.00（满¥50.00） · 100.00% · 余10');
  await expect(row).toContainText('谢谢参与积分 5积分 · 0.00% · 不限');
  await expect(row).toContainText('进行中');
  const id = Number(await row.getAttribute('data-id'));
  await page.screenshot({ path: 'test-results/admin-draw.png', fullPage: true });

  // The member's draw uses this activity: the coupon (the only prize with a weight) lands in the wallet.
  const buyer = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await registerPharmacy(buyer.request, baseURL!);
  const won = await buyer.request.get(`/api/draw?id=${id}`, { headers: { origin: baseURL! } });
  expect(won.status()).toBe(200);
  expect((await won.json()).data).toMatchObject({ name: '满50减5券', remaining: 1 });
  await buyer.goto('/user/draw');
  await expect(buyer.getByTestId('draw-records')).toContainText('满50减5券');
  await expect(buyer.getByTestId('draw-records')).toContainText(name);

  // Editing: the form holds the activity; the stock the member took shows on the list.
  await page.reload();
  await expect(row).toContainText('余9');
  await expect(row.locator('td').nth(4)).toHaveText('1');
  await row.getByRole('link', { name: '编辑' }).click();
  await hydrated(page, 'DeskForm');
  await expect(form.getByLabel('活动名称')).toHaveValue(name);
  await expect(form.locator('[id="desk-prizes[1][kind]"]')).toHaveValue('coupon');
  await expect(form.locator('[id="desk-prizes[1][value]"]')).toHaveValue('5.00');
  await form.locator('[id="desk-prizes[0][weight]"]').fill('3');
  await form.getByRole('button', { name: '保存修改' }).click();
  await expect(row).toContainText('谢谢参与积分 5积分 · 75.00%');
  await page.screenshot({ path: 'test-results/admin-draw-edit.png', fullPage: true });

  // Ended from the desk, the member is refused at once.
  await row.getByRole('button', { name: '结束' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('draw-table').locator(`tr[data-id="${id}"]`)).toContainText(
    '已结束',
  );
  const refused = await buyer.request.get(`/api/draw?id=${id}`, { headers: { origin: baseURL! } });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).message).toBe('抽奖活动已结束');
});

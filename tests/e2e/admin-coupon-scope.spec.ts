import { expect, test } from './support/test.ts';
import { freshApprovedPharmacy } from './support/freshMember.ts';
import { hydrated, staffPage } from './support/staff.ts';

// A coupon limited to chosen goods, made on the desk, says its scope in the coupon centre.
test.describe.configure({ timeout: 120_000 });

test('a merchandiser limits a coupon to chosen goods; /lqzx says so', async ({
  browser,
  baseURL,
}) => {
  const page = await staffPage(browser, baseURL!, 'merchandiser');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/promotions/coupons');
  await hydrated(page, 'DeskForm');
  const form = page.getByTestId('coupon-form');
  const name = `指定商品券${Date.now().toString(36)}`;
  await form.getByLabel('名称').fill(name);
  await form.getByLabel('面额（元）').fill('5');
  await form.getByLabel('使用门槛（元，0 为无门槛）').fill('100');
  await form.getByLabel('适用范围（现金券为全部商品）').selectOption('goods');

  // Chosen goods without their numbers: refused with the reason.
  await form.getByRole('button', { name: '创建' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '请填写适用的商品、分类或品牌编号' }),
  ).toBeVisible();

  await form.getByLabel('商品 / 分类 / 品牌编号（逗号分隔）').fill('1,2,3');
  await form.getByRole('button', { name: '创建' }).click();
  const row = page.getByTestId('coupon-table').locator('tr', { hasText: name });
  await expect(row).toContainText('限指定商品（3种）');
  await page.screenshot({ path: 'test-results/admin-coupon-scope.png', fullPage: true });

  // A cash voucher cannot be limited.
  await hydrated(page, 'DeskForm');
  await form.getByLabel('类型').selectOption('cash');
  await form.getByLabel('名称').fill(`${name}现金`);
  await form.getByLabel('面额（元）').fill('5');
  await form.getByLabel('使用门槛（元，0 为无门槛）').fill('0');
  await form.getByLabel('适用范围（现金券为全部商品）').selectOption('goods');
  await form.getByLabel('商品 / 分类 / 品牌编号（逗号分隔）').fill('1');
  await form.getByRole('button', { name: '创建' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '现金券适用全部商品，不能限定范围' }),
  ).toBeVisible();

  const visitor = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.goto('/lqzx');
  const card = visitor.getByTestId('coupon-templates').locator('li', { hasText: name });
  await expect(card.getByTestId('coupon-scope')).toHaveText('限指定商品（3种）');
  await expect(card).toContainText('满100.00元可用');
  await visitor.screenshot({ path: 'test-results/lqzx-scope.png', fullPage: true });

  // A pharmacy claims it: 我的优惠券 says the scope too.
  const buyer = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await freshApprovedPharmacy(buyer.request, baseURL!);
  await buyer.goto('/lqzx');
  const offer = buyer.locator('[data-template-id]').filter({ hasText: name });
  await hydrated(buyer, 'CouponClaim');
  await offer.getByRole('button', { name: '立即领取' }).click();
  await expect(offer.getByTestId('claimed')).toHaveText('已领取');
  await buyer.goto('/yhq');
  const mine = buyer.getByTestId('coupons').locator('li', { hasText: name });
  await expect(mine.getByTestId('coupon-scope')).toHaveText('限指定商品（3种）');
  await buyer.screenshot({ path: 'test-results/yhq-scope.png', fullPage: true });
});

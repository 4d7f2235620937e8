import { expect, test, type Page } from './support/test.ts';

// Self-service pages: /loading, 品种求购, 意见反馈, 积分商城 and 积分订单 (电子发票: invoices.spec).
// The chain's 武昌店 redeems its points: only invoices.spec also uses that store, for an order.

const origin = () => ({ origin: test.info().project.use.baseURL! });

async function login(page: Page, username: string) {
  const res = await page.request.post('/api/login', {
    form: { username, password: 'yaopi2026' },
    headers: origin(),
  });
  expect(res.status()).toBe(200);
}

async function asWuchang(page: Page) {
  await login(page, 'chain');
  const stores = (await (await page.request.get('/api/user/stores')).json()).data;
  const wuchang = stores.find((s: any) => s.name.includes('武昌店'));
  expect(
    (
      await page.request.post('/api/user/stores/switch', {
        form: { company_id: String(wuchang.id) },
        headers: origin(),
      })
    ).status(),
  ).toBe(200);
}

/** Waits until an island has hydrated (Astro drops the ssr attribute then). */
const hydrated = (page: Page, name: string) =>
  expect(page.locator(`astro-island[component-url*="${name}"]`).first()).not.toHaveAttribute(
    'ssr',
    /.*/,
  );

test('the loading page, a wanted-request and a feedback', async ({ page }) => {
  await page.goto('/loading');
  await expect(page.getByTestId('loading-page')).toContainText('页面加载中');

  await login(page, 'clinic');
  await page.goto('/pzqg');
  await expect(page.getByTestId('wanted-table')).toBeVisible();
  await page.getByTestId('wanted-add').click();
  await expect(page).toHaveURL(/\/pzqg\/add$/);
  await hydrated(page, 'WantedForm');
  const form = page.getByTestId('wanted-form');
  await form.locator('input[name=goods_name]').fill('小儿氨酚黄那敏颗粒');
  await form.locator('input[name=spec]').fill('10袋/盒');
  await form.locator('input[name=quantity]').fill('30');
  await form.locator('input[name=expected_price]').fill('8.5');
  await form.locator('input[name=phone]').fill('123');
  await form.getByRole('button', { name: '提交求购' }).click();
  await expect(form.getByRole('alert')).toHaveText('请输入正确的手机号码或固定电话');
  await form.locator('input[name=phone]').fill('0710-3456789');
  await form.getByRole('button', { name: '提交求购' }).click();
  await expect(page).toHaveURL(/\/pzqg\/info\?id=\d+$/);
  await expect(page.getByTestId('wanted-info')).toContainText('小儿氨酚黄那敏颗粒');
  await expect(page.getByTestId('wanted-info')).toContainText('¥8.50');
  await expect(page.getByTestId('wanted-status')).toHaveText('待处理');
  await page.screenshot({ path: 'test-results/pzqg-info.png', fullPage: true });
  expect((await page.goto('/pzqg/info?id=99999999'))!.status()).toBe(404);
  await page.goto('/pzqg');
  await expect(page.getByTestId('wanted-table')).toContainText('小儿氨酚黄那敏颗粒');
  await page.screenshot({ path: 'test-results/pzqg.png', fullPage: true });

  await page.goto('/yjfk');
  await hydrated(page, 'FeedbackForm');
  await page.locator('textarea[name=content]').fill('希望积分商城多上一些常用耗材');
  await page.locator('input[name=contact]').fill('13800000002');
  await page.getByRole('button', { name: '提交反馈' }).click();
  await expect(page.getByTestId('feedback-list')).toContainText('希望积分商城多上一些常用耗材');
  await page.screenshot({ path: 'test-results/yjfk.png', fullPage: true });
});

test('points buy a mall item shown in /jfdd', async ({ page }) => {
  await page.goto('/jfsc');
  await expect(page.getByTestId('points-goods-item')).toHaveCount(10);
  await expect(page.getByTestId('points-goods')).toContainText('医用口罩一盒');
  await expect(page.getByRole('link', { name: '登录后兑换' }).first()).toBeVisible();

  await asWuchang(page);
  await page.goto('/jfsc');
  const points = Number(await page.getByTestId('my-points').locator('b').textContent());
  await page.screenshot({ path: 'test-results/jfsc.png', fullPage: true });
  const swab = page.getByTestId('points-goods-item').filter({ hasText: '医用棉签' });
  await hydrated(page, 'RedeemButton');
  await swab.getByTestId('redeem').click();
  await page.getByRole('button', { name: '确定兑换' }).click();
  await expect(page).toHaveURL(/\/jfdd$/);
  await expect(page.getByTestId('points-orders')).toContainText('医用棉签');
  await expect(page.getByTestId('points-balance')).toHaveText(String(points - 100));
  await page.screenshot({ path: 'test-results/jfdd.png', fullPage: true });
});

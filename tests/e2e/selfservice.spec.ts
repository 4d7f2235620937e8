import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';

// Self-service pages: /loading, 品种求购, 意见反馈, 电子发票, 积分商城 and 积分订单. The chain's
// 武昌店 places its order and redeems its points: no other spec uses that store.

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

test('an invoice of a paid order downloads; points buy a mall item shown in /jfdd', async ({
  page,
}) => {
  await page.goto('/jfsc');
  await expect(page.getByTestId('points-goods-item')).toHaveCount(10);
  await expect(page.getByTestId('points-goods')).toContainText('医用口罩一盒');
  await expect(page.getByRole('link', { name: '登录后兑换' }).first()).toBeVisible();

  await asWuchang(page);
  const r = page.request;
  let line: any;
  for (let id = 200; id < 600 && !line; id++) {
    const res = await r.post('/api/cart', {
      form: { 'params[0][goods_id]': String(id), 'params[0][number]': '1' },
      headers: origin(),
    });
    if (res.status() !== 200) continue;
    const found = (await (await r.get('/api/cart/list')).json()).data.data.find(
      (l: any) => l.goods.id === id,
    );
    if (found && !found.goods.is_ephedrine && !found.goods.must_multiple) line = found;
    else if (found)
      await r.post('/api/cart/batch_delete', {
        form: { ids: String(found.id) },
        headers: origin(),
      });
  }
  const prep = (
    await (
      await r.post('/api/cart/checkout', {
        form: { 'ids[0]': String(line.id), new: '1' },
        headers: origin(),
      })
    ).json()
  ).data;
  const placed = await r.post('/api/order', {
    form: {
      key: `e2e-inv-${Date.now()}`,
      'ids[0]': String(line.id),
      address_id: String(prep.addresses[0].id),
      invoice_type: 'normal',
      expected_amount: prep.totals.payable_amount,
    },
    headers: origin(),
  });
  expect(placed.status()).toBe(201);
  const orderId = (await placed.json()).data.order_ids[0];
  expect(
    (
      await r.post('/api/pay/balance', { form: { order_id: String(orderId) }, headers: origin() })
    ).status(),
  ).toBe(200);

  await page.goto('/dzfp');
  const row = page.locator(`[data-testid=invoice-row][data-order-id="${orderId}"]`);
  await expect(row).toContainText('普通发票');
  await expect(row).toContainText('已开具');
  await page.screenshot({ path: 'test-results/dzfp.png', fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByTestId('invoice-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^invoice-FP\d+.*\.html$/);
  const html = await readFile((await download.path())!, 'utf8');
  expect(html).toContain('益康连锁药房（武昌店）');
  const sheet = await page.context().newPage();
  await sheet.setContent(html);
  await sheet.screenshot({ path: 'test-results/invoice-file.png', fullPage: true });
  await sheet.close();

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

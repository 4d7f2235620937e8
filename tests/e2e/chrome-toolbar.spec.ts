import { expect, test, type Page } from './support/test.ts';

const json = (data: unknown, status = 200) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(data),
});

async function login(page: Page) {
  expect(
    (
      await page.request.post('/api/login', {
        form: { username: 'demo', password: 'yaopi2026' },
        headers: { origin: test.info().project.use.baseURL! },
      })
    ).status(),
  ).toBe(200);
}

const width = (page: Page) =>
  page.getByTestId('cart-drawer').evaluate((el) => el.getBoundingClientRect().width);

const line = (id: number, name: string) => ({
  id,
  price: '12.30',
  number: 2,
  is_selected: 1,
  type: 0,
  goods_price_id: 0,
  ladder_price_id: 0,
  goods_manjian_id: 0,
  is_yj: 0,
  goods: {
    id: 100 + id,
    name,
    sccj: '华北制药',
    ypgg: '0.25g*24粒',
    goods_image: [],
    ck_id: 1,
    bzdw: '盒',
    number: 50,
    is_buy: 1,
    base_price: '12.30',
    ladder_price: [],
    tags: [],
  },
});

test('drawer is 40 px closed and 310 px open; visitors are asked to log in', async ({ page }) => {
  await page.goto('/');
  await expect.poll(() => width(page)).toBe(40);
  await page.getByTestId('toolbar-cart').click();
  await expect.poll(() => width(page)).toBe(310);
  await expect(page.getByTestId('cart-drawer')).toContainText('登录后查看购物车');
  await page.getByRole('button', { name: '关闭购物车' }).click();
  await expect.poll(() => width(page)).toBe(40);
});

test('member drawer loads lines only when opened: 购物车是空的, or the lines with amounts', async ({
  page,
}) => {
  await login(page);
  let lines: unknown[] = [];
  let calls = 0;
  await page.route('**/api/cart/list**', (r) => {
    calls++;
    return r.fulfill(json({ data: { action: 1, data: lines } }));
  });
  await page.route('**/api/cart/total', (r) => r.fulfill(json({ data: { total: lines.length } })));
  await page.goto('/404');
  expect(calls).toBe(0);
  await page.getByTestId('toolbar-cart').click();
  await expect(page.getByTestId('cart-drawer')).toContainText('购物车是空的');
  lines = [line(1, '阿莫西林胶囊'), line(2, '布洛芬缓释胶囊')];
  await page.getByRole('button', { name: '关闭购物车' }).click();
  await page.reload();
  await page.getByTestId('toolbar-cart').click();
  await expect(page.getByTestId('drawer-lines').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('cart-drawer')).toContainText('¥12.30 × 2 = ¥24.60');
  await expect(page.getByTestId('cart-drawer')).toContainText('¥49.20');
});

test('the drawer opens by itself on cart step 1', async ({ page }) => {
  await login(page);
  await page.route('**/api/cart/list**', (r) => r.fulfill(json({ data: { action: 1, data: [] } })));
  await page.goto('/cart');
  await expect.poll(() => width(page)).toBe(310);
  await expect(page.getByTestId('cart-drawer')).toContainText('购物车是空的');
});

test('back to top scrolls the page up; WeChat code shows on hover', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, 900));
  await page.getByTestId('toolbar-top').click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.getByTestId('toolbar-wechat').hover();
  await expect(page.getByRole('img', { name: '药批微信公众号二维码' })).toBeVisible();
});

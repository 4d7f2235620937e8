import { expect, test, type APIRequestContext, type Page } from './support/test.ts';

// Where the members' pages meet the cart: /ddgl copies the current store's cart to other stores
// of the chain login. 汉口店 is the source and 武昌店 the target here, so that other specs using
// the chain's first store (光谷店) never meet these lines.

const form = (baseURL: string) => ({ headers: { origin: baseURL } });

// 武昌店 is shared with the self-service spec (goods from 200 up): this spec only ever looks at and
// removes its own goods range, so the two never touch each other's lines.
const OWN_GOODS = { from: 1100, to: 1300 };
const own = (goodsId: number) => goodsId >= OWN_GOODS.from && goodsId < OWN_GOODS.to;

async function cartGoodsIds(r: APIRequestContext): Promise<number[]> {
  return (await (await r.get('/api/cart/list')).json()).data.data
    .map((l: any) => l.goods.id)
    .filter(own);
}

async function clearCart(r: APIRequestContext, baseURL: string) {
  const ids = (await (await r.get('/api/cart/list')).json()).data.data
    .filter((l: any) => own(l.goods.id))
    .map((l: any) => l.id);
  if (ids.length)
    await r.post('/api/cart/batch_delete', { form: { ids: ids.join(',') }, ...form(baseURL) });
}

/** The first goods from `from` upward the current store can buy, added once. */
async function addGoods(
  r: APIRequestContext,
  baseURL: string,
  from: number,
): Promise<{ id: number; name: string }> {
  for (let id = from; id < OWN_GOODS.to; id++) {
    const res = await r.post('/api/cart', {
      form: { 'params[0][goods_id]': String(id), 'params[0][number]': '1' },
      ...form(baseURL),
    });
    if (res.status() !== 200) continue;
    const line = (await (await r.get('/api/cart/list')).json()).data.data.find(
      (l: any) => l.goods.id === id,
    );
    if (line) return { id, name: line.goods.name };
  }
  throw new Error('no goods found');
}

const hydrated = (page: Page, name: string) =>
  expect(page.locator(`astro-island[component-url*="${name}"]`).first()).not.toHaveAttribute(
    'ssr',
    /.*/,
  );

test('/ddgl copies the current cart to another store of the chain', async ({ page, baseURL }) => {
  const r = page.request;
  expect(
    (
      await r.post('/api/login', {
        form: { username: 'chain', password: 'yaopi2026' },
        ...form(baseURL!),
      })
    ).status(),
  ).toBe(200);
  const stores = (await (await r.get('/api/user/stores')).json()).data as {
    id: number;
    name: string;
  }[];
  expect(stores).toHaveLength(3);
  const source = stores.find((s) => s.name.includes('汉口店'))!;
  const target = stores.find((s) => s.name.includes('武昌店'))!;
  // Start with an empty target cart, then fill the source one.
  await r.post('/api/user/stores/switch', {
    form: { company_id: String(target.id) },
    ...form(baseURL!),
  });
  await clearCart(r, baseURL!);
  await r.post('/api/user/stores/switch', {
    form: { company_id: String(source.id) },
    ...form(baseURL!),
  });
  await clearCart(r, baseURL!);
  const goods = await addGoods(r, baseURL!, OWN_GOODS.from);

  await page.goto('/ddgl');
  await hydrated(page, 'StoreSwitcher');
  await expect(page.getByTestId('store-table').locator('tr', { hasText: '汉口店' })).toContainText(
    '当前门店',
  );
  await page.getByRole('button', { name: '复制购物车' }).click();
  await expect(page.getByRole('status')).toContainText('请选择要复制到的门店');
  await page.getByLabel(target.name).check();
  await page.getByRole('button', { name: '复制购物车' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '已复制到所选门店的购物车' }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/ddgl-copy.png', fullPage: true });

  // As the 武昌店 member the goods is in the cart; the source keeps its line.
  // Switching reloads /ddgl as the other store: wait for that load before going on.
  await Promise.all([
    page.waitForEvent('load'),
    page
      .getByTestId('store-table')
      .locator('tr', { hasText: '武昌店' })
      .getByRole('button', { name: '切换到此门店' })
      .click(),
  ]);
  await expect(page.getByTestId('store-table').locator('tr', { hasText: '武昌店' })).toContainText(
    '当前门店',
  );
  expect(await cartGoodsIds(r)).toEqual([goods.id]);
  await page.goto('/cart');
  await expect(page.getByText(goods.name).first()).toBeVisible();
  await r.post('/api/user/stores/switch', {
    form: { company_id: String(source.id) },
    ...form(baseURL!),
  });
  expect(await cartGoodsIds(r)).toEqual([goods.id]);
});

test("a prerendered help page shows the member's store and the category menus after load, with no script file", async ({
  page,
  baseURL,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  expect(
    (
      await page.request.post('/api/login', {
        form: { username: 'demo', password: 'yaopi2026' },
        ...form(baseURL!),
      })
    ).status(),
  ).toBe(200);
  await page.goto('/help/xrzn/gwzn');
  const bar = page.getByRole('navigation', { name: '用户导航' });
  await expect(bar.getByTestId('company-name')).toHaveText('武汉仁心大药房');
  await expect(bar.getByRole('link', { name: '请登录' })).toHaveCount(0);
  await expect(page.getByTestId('menu-general')).toBeVisible();
  await page.getByTestId('menu-general').hover();
  await expect(page.locator('[data-menu="general"] a').first()).toBeVisible();
  // The right toolbar is there too, as links: the member's cart with its badge, messages, top.
  const toolbar = page.getByRole('complementary', { name: '右侧工具栏' });
  await expect(toolbar.getByTestId('toolbar-cart')).toHaveAttribute('href', '/cart');
  await expect(toolbar.getByTestId('toolbar-messages')).toHaveAttribute('href', '/wdxx');
  const { total } = (await (await page.request.get('/api/cart/total')).json()).data;
  const badge = toolbar.getByTestId('cart-badge');
  if (total > 0) await expect(badge).toHaveText(total > 99 ? '99+' : String(total));
  else await expect(badge).toBeHidden();
  await page.waitForTimeout(500);
  expect(scripts, 'script requests before interaction').toEqual([]);
  await page.screenshot({ path: 'test-results/help-member-island.png' });

  // 安全退出 works without the header script: a form post, then home as a visitor.
  await bar.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/help/xrzn/gwzn');
  await expect(
    page.getByRole('navigation', { name: '用户导航' }).getByRole('link', { name: '请登录' }),
  ).toBeVisible();
  await expect(page.getByTestId('menu-general')).toBeVisible();
});

test("the member centre shows the demo pharmacy's balance, points and coupons", async ({
  page,
  baseURL,
}) => {
  expect(
    (
      await page.request.post('/api/login', {
        form: { username: 'demo', password: 'yaopi2026' },
        ...form(baseURL!),
      })
    ).status(),
  ).toBe(200);
  await page.goto('/user');
  const assets = page.getByTestId('centre-assets');
  await expect(assets.locator('li', { hasText: '账户余额' })).not.toContainText('¥0.00');
  await expect(assets.locator('li', { hasText: '积分' }).locator('span')).not.toHaveText('0');
  await expect(assets.locator('li', { hasText: '优惠券' }).locator('span')).toHaveText('2');
  await expect(
    page.getByTestId('centre-orders').getByRole('link', { name: /待付款/ }),
  ).toHaveAttribute('href', '/order?tab=unpaid');
  await page.screenshot({ path: 'test-results/user-centre.png', fullPage: true });
});

import { expect, test, type APIRequestContext } from './support/test.ts';
import { freshApprovedPharmacy } from './support/freshMember.ts';
import { addGoods } from './support/cart.ts';
import { hydrated, staffPage, staffSignIn } from './support/staff.ts';

// The promotions and content desks through their screens. Goods ids 1350–1450 are this spec's.
test.describe.configure({ timeout: 120_000 });

const fen = (yuan: string) => Math.round(Number(yuan) * 100);
const yuan = (f: number) => (f / 100).toFixed(2);

/** A plain goods from `from` up that the buyer can put in the cart and that has no flash sale yet. */
async function plainGoods(buyer: APIRequestContext, staff: APIRequestContext, origin: string) {
  for (let from = 1350; from < 1450; ) {
    const line = await addGoods(
      buyer,
      origin,
      from,
      (g) => !g.is_ephedrine && !g.must_multiple && g.number >= 10 && fen(g.base_price) >= 200,
    );
    await buyer.post('/api/cart/batch_delete', {
      form: { ids: String(line.id) },
      headers: { origin },
    });
    const sales = await (
      await staff.get(`/api/admin/promotions/flash_sales?goods_id=${line.goods.id}`)
    ).json();
    if (sales.data.length === 0) return line.goods;
    from = line.goods.id + 1;
  }
  throw new Error('no goods without a flash sale');
}

test('a flash sale created in the back office prices the buyer’s cart', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  await staffSignIn(page, 'merchandiser', 'yaopi2026', '/admin/promotions');
  const buyer = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await freshApprovedPharmacy(buyer.request, origin);
  const goods = await plainGoods(buyer.request, page.request, origin);
  const flash = Math.floor(fen(goods.base_price) / 2);

  await page.goto('/admin/promotions');
  await hydrated(page, 'DeskForm');
  const form = page.getByTestId('variant-form');
  await form.getByLabel('商品编号').fill(String(goods.id));
  await form.getByLabel('活动价（元）').fill(yuan(flash));
  await form.getByLabel('每店限购（空为不限）').fill('3');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/promotions/flash_sales'));
  await form.getByLabel('活动价（元）').press('Enter');
  expect((await saved).status()).toBe(201);
  const row = page.getByTestId('variant-table').locator('tr', { hasText: `#${goods.id} ` });
  await expect(row).toContainText(`¥${yuan(flash)}`);
  await expect(row).toContainText('进行中');
  const variantId = Number(await row.getAttribute('data-id'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/admin-promotions-flash.png', fullPage: true });

  // The buyer opens the flash offer and buys 4: 3 at the flash price (the limit), 1 at the usual price.
  await buyer.goto(`/list/info/${goods.id}?goods_price_id=${variantId}`, {
    waitUntil: 'domcontentloaded',
  });
  await expect(buyer.getByTestId('variant')).toContainText('秒杀');
  await expect(buyer.locator('[data-testid="buy-box"][data-ready]')).toBeVisible();
  await buyer.getByRole('button', { name: '加入购物车' }).click();
  await expect(buyer.getByRole('status').filter({ hasText: '已加入购物车' })).toBeVisible();
  const lines = (await (await buyer.request.get('/api/cart/list')).json()).data.data;
  const line = lines.find((l: any) => l.goods_price_id === variantId);
  expect(line.type).toBe(1);
  expect(line.variant_price).toBe(yuan(flash));
  expect(fen(line.amount)).toBe(line.number * flash);

  await buyer.goto('/cart', { waitUntil: 'domcontentloaded' });
  await hydrated(buyer, 'CartPage');
  const cartRow = buyer.getByTestId('cart-table').locator('tr', { hasText: goods.name }).first();
  await expect(cartRow).toContainText('秒杀');
  await expect(cartRow).toContainText(yuan(flash * line.number));

  // Ended from the desk, the same line is charged the usual price again.
  await row.getByRole('button', { name: '结束' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(
    page.getByTestId('variant-table').locator(`tr[data-id="${variantId}"]`),
  ).toContainText('已结束');
  await expect
    .poll(async () => {
      const l = (await (await buyer.request.get('/api/cart/list')).json()).data.data.find(
        (x: any) => x.goods.id === goods.id,
      );
      return fen(l.amount) > l.number * flash;
    })
    .toBe(true);
});

test('the promotions desk screens: 满减 and coupons', async ({ browser, baseURL }) => {
  const page = await staffPage(browser, baseURL!, 'merchandiser');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/promotions/coupons');
  await hydrated(page, 'DeskForm');
  const name = `满200减10券${Date.now().toString(36)}`;
  const form = page.getByTestId('coupon-form');
  await form.getByLabel('名称').fill(name);
  await form.getByLabel('面额（元）').fill('10');
  await form.getByLabel('使用门槛（元，0 为无门槛）').fill('200');
  await form.getByLabel('每店限领').fill('2');
  await form.getByRole('button', { name: '创建' }).click();
  await expect(page.getByTestId('coupon-table').locator('tr', { hasText: name })).toContainText(
    '¥200.00',
  );
  await page.screenshot({ path: 'test-results/admin-promotions-coupons.png', fullPage: true });

  // A coupon worth more than its threshold is refused with the reason, and the entry stays.
  await hydrated(page, 'DeskForm');
  await form.getByLabel('名称').fill(`${name}二`);
  await form.getByLabel('使用门槛（元，0 为无门槛）').fill('200');
  await form.getByLabel('面额（元）').fill('300');
  await form.getByRole('button', { name: '创建' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '优惠券面额须小于使用门槛' }),
  ).toBeVisible();
  await expect(form.getByLabel('面额（元）')).toHaveValue('300');

  await page.goto('/admin/promotions/manjian');
  await hydrated(page, 'DeskForm');
  await page.screenshot({ path: 'test-results/admin-promotions-manjian.png', fullPage: true });
  for (const [tab, table] of [
    ['daily_specials', 'variant-table'],
    ['near_expiry', 'variant-table'],
    ['yj', 'variant-table'],
    ['gifts', 'gift-table'],
    ['combinations', 'combination-table'],
    ['points_goods', 'points-goods-table'],
  ] as const) {
    await page.goto(`/admin/promotions/${tab}`);
    await expect(page.getByTestId(table)).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: '促销类型' }).locator('[aria-current=page]'),
    ).toBeVisible();
    await page.screenshot({ path: `test-results/admin-promotions-${tab}.png`, fullPage: true });
  }

  // Keyboard only: a 满赠 rule typed field by field with Tab and saved with Enter.
  await page.goto('/admin/promotions/gifts');
  await hydrated(page, 'DeskForm');
  const giftName = `键盘赠品${Date.now().toString(36)}`;
  const giftForm = page.getByTestId('gift-form');
  await giftForm.getByLabel('商品编号').focus();
  for (const [label, value] of [
    ['商品编号', '1400'],
    ['每购买', '3'],
    ['赠品名称', giftName],
    ['赠送数量', '1'],
  ] as const) {
    await expect(giftForm.getByLabel(label)).toBeFocused();
    await page.keyboard.type(value);
    await page.keyboard.press('Tab');
  }
  await expect(giftForm.getByLabel('每单上限（空为不限）')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('gift-table').locator('tr', { hasText: giftName })).toContainText(
    '每购买 3 送',
  );
});

test('roles: the editor sees no promotions desk, the merchandiser no content desk', async ({
  browser,
  baseURL,
}) => {
  const editor = await staffPage(browser, baseURL!, 'editor');
  await expect(editor.getByTestId('admin-nav')).toContainText('内容与设置');
  await expect(editor.getByTestId('admin-nav')).not.toContainText('促销活动');
  await editor.goto('/admin/promotions');
  await expect(editor.getByTestId('variant-table')).toHaveCount(0);
  const merch = await staffPage(browser, baseURL!, 'merchandiser');
  await merch.goto('/admin/content');
  await expect(merch.getByTestId('licence-form')).toHaveCount(0);
});

test('an editor changes a licence number and the prerendered help page’s footer shows it', async ({
  browser,
  baseURL,
}) => {
  const page = await staffPage(browser, baseURL!, 'editor');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/content');
  await hydrated(page, 'DeskForm');
  const form = page.getByTestId('licence-form');
  const field = form.getByLabel('药品经营许可证');
  const before = await field.inputValue();
  const changed = `鄂AA027${String(Date.now()).slice(-4)}`;
  await page.screenshot({ path: 'test-results/admin-content.png', fullPage: true });
  try {
    await field.fill(changed);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/settings'));
    await form.getByRole('button', { name: '保存证照' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByTestId('licence-form').getByLabel('药品经营许可证')).toHaveValue(
      changed,
    );

    const visitor = await (await browser.newContext({ baseURL: baseURL! })).newPage();
    await visitor.goto('/help/fwbz/wzzz');
    await expect(visitor.getByTestId('shop-footer')).toContainText(`药品经营许可证：${changed}`);
    await expect(visitor.getByTestId('licences')).toContainText(changed);
    // The header's hotline and links on this static page come from the settings too.
    const settings = (await (await page.request.get('/api/admin/settings')).json()).data;
    await expect(visitor.getByTestId('header-hotline')).toContainText(
      settings.common_config.hot_line,
    );
    await expect(visitor.getByRole('navigation', { name: '主导航' })).toContainText(
      settings.nav[0].name,
    );
    await visitor.setViewportSize({ width: 1280, height: 900 });
    await visitor.screenshot({ path: 'test-results/help-footer-licence.png', fullPage: true });
    await visitor.goto('/help');
    await expect(visitor.getByTestId('shop-footer')).toContainText(`药品经营许可证：${changed}`);
  } finally {
    const api = page.request;
    const current = (await (await api.get('/api/admin/settings')).json()).data.operator;
    const res = await api.post('/api/admin/settings', {
      form: Object.fromEntries(
        Object.entries({ ...current, drug_licence: before }).map(([k, v]) => [
          `operator[${k}]`,
          String(v),
        ]),
      ),
      headers: { origin: baseURL! },
    });
    expect(res.status()).toBe(200);
  }
});

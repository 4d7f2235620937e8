import { expect, test } from './support/test.ts';
import { buyBoxReady, hydrated, loginAs } from './support/staff.ts';
import { addGoods } from './support/cart.ts';
import { freshApprovedPharmacy } from './support/freshMember.ts';

// What a pharmacy buyer trips over (issue 17): prices before approval, reaching flash sales,
// 含麻 orders and quantity fields.

test('an unreviewed clinic sees no price anywhere, only how to get approved', async ({ page }) => {
  await loginAs(page, 'clinic');
  const noPrices = async () => {
    await expect(page.getByTestId('price')).toHaveCount(0);
    await expect(page.getByTestId('unit-price')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText(/¥\d/);
  };

  await page.goto('/');
  const hidden = page.getByTestId('home-spike').getByTestId('price-hidden').first();
  await expect(hidden).toHaveText('审核通过后可见价格');
  await noPrices();

  await page.goto('/list');
  await expect(page.getByTestId('price-hidden').first()).toHaveText('审核通过后可见价格');
  await expect(page.getByLabel('最低价')).toHaveCount(0);
  await noPrices();
  await page.screenshot({ path: 'test-results/unapproved-list.png' });

  const card = page.getByTestId('goods-card').first();
  await card.getByTestId('goods-name').click();
  await expect(page.getByTestId('goods-detail')).toBeVisible();
  await expect(page.getByTestId('goods-detail').getByTestId('price-hidden')).toHaveText(
    '审核通过后可见价格',
  );
  await noPrices();

  for (const zone of ['/zhzq', '/mrtj', '/jxqzc', '/welfare']) {
    await page.goto(zone);
    await expect(page.getByTestId('price-hidden').first()).toHaveText('审核通过后可见价格');
    await noPrices();
  }

  await page.goto('/cart');
  await expect(page.getByTestId('prices-locked')).toContainText('审核通过后可见价格');
  // /cart opens the drawer by itself.
  await expect(page.getByTestId('drawer-unapproved')).toBeVisible();
  await expect(page.getByTestId('drawer-unapproved')).toContainText('上传资质证照');
  await page.screenshot({ path: 'test-results/unapproved-cart.png' });
  await page.getByTestId('prices-locked').getByRole('link', { name: '上传资质证照' }).click();
  await expect(page).toHaveURL(/\/zzzj$/);

  // The link on a price leads to the licence page too.
  await page.goto('/list');
  await page.getByTestId('price-hidden').first().click();
  await expect(page).toHaveURL(/\/zzzj$/);
});

test('an approved member sees the prices on the same screens', async ({ page }) => {
  await loginAs(page, 'demo');
  await page.goto('/');
  await expect(page.getByTestId('home-spike').getByTestId('price').first()).toBeVisible();
  await page.goto('/list');
  await expect(page.getByTestId('price').first()).toContainText('¥');
  await expect(page.getByTestId('price-hidden')).toHaveCount(0);
  await page.goto('/cart');
  await hydrated(page, 'CartPage');
  await expect(page.getByTestId('prices-locked')).toHaveCount(0);
});

test('the home 限时秒杀 block leads to the flash price, with its countdown and limit', async ({
  page,
  baseURL,
}) => {
  await freshApprovedPharmacy(page.request, baseURL!);
  const spike = (await (await page.request.get('/api/index/spike')).json()).data.goods;
  await page.goto('/');
  // A new member is invited to the lucky draw first.
  await page.getByTestId('lucky-draw').getByRole('button', { name: '关闭抽奖' }).click();
  const block = page.getByTestId('home-spike');
  const onHome = await block
    .getByTestId('goods-card')
    .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset['goodsId'])));
  const pick = spike.find(
    (g: any) => onHome.includes(g.id) && !g.must_multiple && !g.is_ephedrine && g.is_buy,
  );
  expect(pick).toBeDefined();
  const card = block.locator(`[data-goods-id="${pick.id}"]`);
  await expect(card.getByTestId('price')).toContainText(`秒杀价 ¥${pick.price}`);
  await expect(card.getByTestId('offer-limit')).toContainText('每店限购5');
  const left = card.getByTestId('offer-countdown');
  const first = await left.textContent();
  await expect(left).not.toHaveText(first!, { timeout: 3000 });
  await block.screenshot({ path: 'test-results/home-spike.png' });

  await card.getByTestId('goods-link').click();
  await expect(page).toHaveURL(
    new RegExp(`/list/info/${pick.id}\\?goods_price_id=${pick.goods_price_id}$`),
  );
  await expect(page.getByTestId('variant')).toHaveText(/秒杀价，每店限购5/);
  await expect(page.getByTestId('countdown')).toContainText('距结束');
  await buyBoxReady(page);
  await expect(page.getByTestId('unit-price')).toHaveText(`¥${pick.price}`);
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');

  await page.goto('/cart');
  await hydrated(page, 'CartPage');
  const line = page.getByRole('link', { name: new RegExp(`秒杀.*${pick.name}`) });
  await expect(line).toBeVisible();
  await line.click();
  await expect(page).toHaveURL(new RegExp(`goods_price_id=${pick.goods_price_id}$`));
});

test('a 秒 tag, a 满减 hint and a combination pack lead to their promotion', async ({ page }) => {
  await loginAs(page, 'demo');
  await page.goto('/list?tag=秒');
  const cards = page.getByTestId('goods-card');
  await expect(cards.first()).toBeVisible();
  for (const href of await cards
    .getByTestId('goods-name')
    .evaluateAll((els) => els.map((e) => e.getAttribute('href'))))
    expect(href).toMatch(/^\/list\/info\/\d+\?goods_price_id=\d+$/);

  const [activity] = (await (await page.request.get('/api/goods/activities')).json()).data;
  await page.goto(`/list/info/${activity.goods[0].id}`);
  await page.getByTestId('manjian-link').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/list\\?manjian=${activity.id}$`));
  await expect(page.getByTestId('manjian-banner')).toContainText(activity.name);

  await page.goto('/zhzq');
  const pack = page.getByTestId('combination').first();
  const packId = await pack.getAttribute('id');
  await pack.getByTestId('goods-card').first().click();
  await page.locator(`a[href="/zhzq#${packId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/zhzq#${packId}$`));
  await expect(page.locator(`#${packId}`)).toBeInViewport();
});

test('含麻 goods: the split and both shipping fees before submitting, transfer only, a printable slip', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  await freshApprovedPharmacy(page.request, origin);
  const r = page.request;
  expect(
    (
      await r.post('/api/user/address', {
        form: {
          consignee: '李药师',
          phone: '13712345678',
          province: '湖北省',
          city: '武汉市',
          detail: '光谷大道 1 号',
        },
        headers: { origin },
      })
    ).status(),
  ).toBe(201);
  const cards: any[] = [];
  for (let p = 1; p <= 5; p++)
    cards.push(...(await (await r.get(`/api/goods/list?per_page=100&page=${p}`)).json()).data);
  const eph = cards.find((g) => g.is_ephedrine && g.is_buy && !g.must_multiple && g.number >= 5);
  const plain = cards.find(
    (g) =>
      g.is_buy &&
      !g.is_ephedrine &&
      !g.must_multiple &&
      g.purchase_limit === 0 &&
      Number(g.price) < 50 &&
      g.number > 10,
  );
  for (const g of [plain, eph])
    expect(
      (
        await r.post('/api/cart', {
          form: { 'params[0][goods_id]': String(g.id), 'params[0][number]': '1' },
          headers: { origin },
        })
      ).status(),
    ).toBe(200);

  await page.goto('/cart');
  await hydrated(page, 'CartPage');
  await expect(page.getByTestId('split-notice')).toContainText('含麻商品将单独生成订单并另计运费');
  await page.getByRole('button', { name: '去结算' }).click();
  await expect(page).toHaveURL(/\/cart\/step2/);
  const orders = page.getByTestId('planned-order');
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(0)).toContainText('普通商品订单');
  await expect(orders.nth(1)).toContainText('含麻黄碱类商品订单');
  await expect(orders.nth(1)).toContainText('仅支持对公转账付款');
  const payables = await orders.getByTestId('planned-payable').allTextContents();
  const sum = payables.reduce((s, t) => s + Math.round(Number(t.replace('¥', '')) * 100), 0);
  for (const o of await orders.all()) await expect(o).toContainText(/运费：¥[1-9]/);
  await expect(page.getByTestId('confirm-payable')).toHaveText(`¥${(sum / 100).toFixed(2)}`);
  await expect(page.getByTestId('confirm-totals')).toContainText('应付金额（共2笔订单）');
  await page.screenshot({ path: 'test-results/step2-split.png', fullPage: true });

  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/cart\/step3\/\d+\?next=\d+$/);
  const ephId = new URL(page.url()).searchParams.get('next');
  await page.goto(`/cart/step3/${ephId}`);
  await hydrated(page, 'PayPanel');
  await expect(page.getByTestId('pay-rule')).toContainText('仅支持对公转账付款');
  await expect(page.getByTestId('pay-panel').getByRole('radio')).toHaveCount(1);
  await expect(page.getByLabel(/对公转账/)).toBeChecked();
  await page.screenshot({ path: 'test-results/step3-ephedrine.png', fullPage: true });

  await page.goto('/hmdd');
  const [slip] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId('slip-print').first().click(),
  ]);
  await expect(slip.getByTestId('receipt-slip')).toContainText('含麻黄碱类药品购进回执单');
  await expect(slip.getByTestId('receipt-slip')).toContainText(eph.name);
  const created = (await (await r.get(`/api/order/${ephId}`)).json()).data.created_at;
  // The API writes times on the shop's clock (+08:00); the slip prints that wall clock.
  await expect(slip.getByTestId('slip-time')).toHaveText(created.slice(0, 19).replace('T', ' '));
  await slip.screenshot({ path: 'test-results/receipt-slip.png', fullPage: true });
});

test('quantity fields refuse what they cannot take and send exactly what is shown; a paid order is cancelled on request', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL!;
  await freshApprovedPharmacy(page.request, origin);
  const r = page.request;
  const post = (path: string, form: Record<string, string>) =>
    r.post(path, { form, headers: { origin } });
  expect(
    (
      await post('/api/user/address', {
        consignee: '李药师',
        phone: '13712345678',
        province: '湖北省',
        city: '武汉市',
        detail: '光谷大道 1 号',
      })
    ).status(),
  ).toBe(201);
  expect((await post('/api/dev/wallet', { balance: '100000000' })).status()).toBe(200);
  const line = await addGoods(
    r,
    origin,
    300,
    (g) => !g.is_ephedrine && !g.must_multiple && g.purchase_limit === 0 && g.number >= 30,
    2,
  );
  const saved = async () =>
    (await (await r.get('/api/cart/list')).json()).data.data.find((l: any) => l.id === line.id)
      .number;

  await test.step('cart: 2.5, -5 and more than the stock are refused, never saved', async () => {
    await page.goto('/cart');
    await hydrated(page, 'CartPage');
    const row = page.locator(`tr[data-line-id="${line.id}"]`);
    const field = row.getByLabel('数量');
    for (const [typed, why] of [
      ['2.5', '数量须为整数，不能有小数'],
      ['-5', '数量不能为负数'],
      [String(line.goods.number + 1), `库存仅剩${line.goods.number}${line.goods.bzdw}`],
    ] as const) {
      await field.fill(typed);
      await field.press('Enter');
      await field.blur();
      await expect(row.getByTestId('quantity-error')).toHaveText(why);
      await expect(field).toHaveValue(typed);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(await saved()).toBe(2);
    }
    await page.screenshot({ path: 'test-results/cart-quantity-refused.png', fullPage: true });
    await field.fill('3');
    await field.press('Enter');
    await expect.poll(saved).toBe(3);
    await expect(row.getByTestId('quantity-error')).toHaveCount(0);
    await expect(field).toHaveValue('3');
  });

  await test.step('detail: a decimal disables 加入购物车 and says why', async () => {
    await page.goto(`/list/info/${line.goods.id}`);
    await buyBoxReady(page);
    await page.getByLabel('采购数量').fill('2.5');
    await expect(page.getByTestId('buy-box').getByTestId('quantity-error')).toHaveText(
      '数量须为整数，不能有小数',
    );
    await expect(page.getByRole('button', { name: '加入购物车' })).toBeDisabled();
  });

  let orderId = 0;
  await test.step('a paid, unshipped order: the buyer asks to cancel, staff confirm', async () => {
    const placed = await (
      await post('/api/order', { key: `e2e${Date.now()}`, 'ids[0]': String(line.id) })
    ).json();
    orderId = placed.data.order_ids[0];
    expect((await post('/api/pay/balance', { order_id: String(orderId) })).status()).toBe(200);
    await page.goto(`/order/info/${orderId}`);
    await hydrated(page, 'CancelRequest');
    await page.getByRole('button', { name: '申请取消' }).click();
    await page.getByLabel('取消原因').selectOption('重复下单');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('取消申请中');
    await expect(page.getByTestId('cancel-requested')).toContainText('重复下单');

    const desk = await page.context().browser()!.newContext({ baseURL: origin });
    expect(
      (
        await desk.request.post('/api/admin/login', {
          form: { login: 'warehouse', password: 'yaopi2026' },
          headers: { origin },
        })
      ).status(),
    ).toBe(200);
    const staff = await desk.newPage();
    await staff.goto(`/admin/orders/${orderId}`);
    await expect(staff.getByTestId('cancel-request')).toContainText('重复下单');
    // The form's controls are disabled until its island has hydrated (StaffForm).
    await expect(
      staff.getByTestId('cancel-form').getByRole('button', { name: '取消订单' }),
    ).toBeEnabled();
    await expect(staff.getByLabel('取消原因')).toHaveValue('买家申请取消：重复下单');
    await staff.screenshot({ path: 'test-results/admin-cancel-request.png', fullPage: true });
    await staff.getByRole('button', { name: '取消订单' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(staff.getByTestId('order-status')).toContainText('已取消');
    await desk.close();
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText('已取消');
  });

  await test.step('return form: more than returnable is refused, nothing is sent', async () => {
    const again = await addGoods(r, origin, line.goods.id, (g) => g.id === line.goods.id, 5);
    const placed = await (
      await post('/api/order', { key: `e2e${Date.now()}b`, 'ids[0]': String(again.id) })
    ).json();
    const id = placed.data.order_ids[0];
    expect((await post('/api/pay/balance', { order_id: String(id) })).status()).toBe(200);
    expect((await post('/api/dev/ship', { order_id: String(id) })).status()).toBe(200);
    let asked = 0;
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().includes(`/api/order/${id}/return`)) asked++;
    });
    await page.goto(`/order/returnInfo/${id}`);
    await hydrated(page, 'ReturnForm');
    const field = page.getByLabel(`${line.goods.name}退货数量`);
    await field.fill('30');
    await expect(page.getByTestId('quantity-error')).toHaveText(`最多可退5${line.goods.bzdw}`);
    await expect(field).toHaveValue('30');
    await page.getByLabel('退货原因').fill('外包装破损');
    await expect(page.getByRole('button', { name: '提交申请' })).toBeDisabled();
    await page.screenshot({ path: 'test-results/return-quantity-refused.png', fullPage: true });
    expect(asked).toBe(0);
  });
});

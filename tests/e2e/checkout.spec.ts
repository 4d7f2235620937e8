import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { hydrated } from './support/staff.ts';
import { addGoods } from './support/cart.ts';
import { tinyPng } from './support/images.ts';

// Catalogue pages live on another branch: goods go into the cart through the same POST /api/cart
// call their buttons make. Each test uses its own member so their carts never meet.

async function login(page: Page, baseURL: string, username: string): Promise<APIRequestContext> {
  const r = page.request;
  const res = await r.post('/api/login', {
    form: { username, password: 'yaopi2026' },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
  const list = await (await r.get('/api/cart/list')).json();
  const ids = list.data.data.map((l: any) => l.id);
  if (ids.length)
    await r.post('/api/cart/batch_delete', {
      form: { ids: ids.join(',') },
      headers: { origin: baseURL },
    });
  return r;
}

const plain = (g: any) => !g.is_ephedrine && !g.must_multiple && g.purchase_limit === 0;

test('cart hints, four checkout steps with balance, the order and a return', async ({
  page,
  baseURL,
}) => {
  const r = await login(page, baseURL!, 'demo');
  const line = await addGoods(r, baseURL!, 20, (g) => plain(g) && g.ladder_price.length > 0);
  const tier = line.goods.ladder_price[0];

  await page.goto('/cart');
  await hydrated(page, 'CartPage');
  await expect(page.locator('ol[aria-label="结算步骤"] li[aria-current="step"]')).toContainText(
    '我的购物车',
  );
  const row = page.locator(`tr[data-line-id="${line.id}"]`);
  await expect(row.getByTestId('line-hints')).toContainText(`满${tier.number}`);
  await expect(page.getByTestId('shipping-hint')).toContainText('包邮');
  await expect(page.getByTestId('cart-drawer')).toHaveAttribute('data-open', '1');
  await expect(page.getByTestId('cart-drawer')).toContainText(line.goods.name);
  await page.screenshot({ path: 'test-results/cart-drawer.png' });
  await page.getByTestId('toolbar-cart').click();
  await expect(page.getByTestId('cart-drawer')).toHaveAttribute('data-open', '0');

  await row.getByLabel('数量').fill(String(tier.number));
  await row.getByLabel('数量').press('Enter');
  await expect(row).toContainText(`¥${tier.price}`);
  await expect(row.getByTestId('line-hints')).not.toContainText(`满${tier.number}`);
  await page.screenshot({ path: 'test-results/cart-step1.png', fullPage: true });

  await page.getByRole('button', { name: '去结算' }).click();
  await expect(page).toHaveURL(/\/cart\/step2\?ids=/);
  await expect(page.getByTestId('confirm-payable')).toBeVisible();
  await page.getByLabel('增值税专用发票').check();
  await page.getByLabel('订单备注').fill('请随货附检验报告');
  await page.screenshot({ path: 'test-results/cart-step2.png', fullPage: true });
  await page.getByRole('button', { name: '提交订单' }).click();

  await expect(page).toHaveURL(/\/cart\/step3\/\d+/);
  const orderNo = await page.getByTestId('order-no').textContent();
  await hydrated(page, 'PayPanel');
  await page.getByLabel(/余额支付/).check();
  await page.screenshot({ path: 'test-results/cart-step3.png', fullPage: true });
  await page.getByRole('button', { name: /立即支付/ }).click();

  await expect(page).toHaveURL(/\/cart\/step4\?order=\d+/);
  await expect(page.getByText('支付成功！')).toBeVisible();
  await page.getByRole('link', { name: '查看订单' }).click();
  await expect(page).toHaveURL(/\/order\/info\/\d+/);
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  await expect(page.getByTestId('order-lines')).toContainText(line.goods.name);
  await expect(page.getByText('增值税专用发票')).toBeVisible();
  await page.screenshot({ path: 'test-results/order-info.png', fullPage: true });

  await page.goto('/order');
  await expect(page.locator('li[data-order-id]').first()).toContainText(orderNo!);
  await page.screenshot({ path: 'test-results/order-list.png', fullPage: true });

  await page.getByRole('link', { name: '申请退货' }).first().click();
  await expect(page).toHaveURL(/\/order\/returnInfo\/\d+/);
  // A file picked before the form hydrates would never reach React's state.
  await hydrated(page, 'ReturnForm');
  await page.getByLabel(`${line.goods.name}退货数量`).fill('1');
  await page.getByLabel('退货原因').fill('外包装破损');
  await page
    .getByLabel('上传照片')
    .setInputFiles({ name: 'damage.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByAltText('照片1')).toBeVisible();
  await page.screenshot({ path: 'test-results/order-return-photo-picked.png' });
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByTestId('return-progress')).toContainText('审核中');
  // The stored photo comes back through the private endpoint as a thumbnail the browser decodes.
  const thumb = page.getByTestId('return-photos').locator('img').first();
  await expect(thumb).toBeVisible();
  await expect(thumb).toHaveAttribute(
    'src',
    /^\/api\/order\/\d+\/return\/photo\/[0-9a-f]{32}\.png$/,
  );
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(8);
  await page.screenshot({ path: 'test-results/order-return.png', fullPage: true });
});

test('delete asks first; checkout paid through the sandbox provider', async ({ page, baseURL }) => {
  const r = await login(page, baseURL!, 'chain');
  const keep = await addGoods(r, baseURL!, 200, plain);
  const drop = await addGoods(r, baseURL!, keep.goods.id + 1, plain);

  await page.goto('/cart');
  await hydrated(page, 'CartDrawer');
  await page.getByTestId('toolbar-cart').click();
  const dropRow = page.locator(`tr[data-line-id="${drop.id}"]`);
  await dropRow.getByRole('button', { name: '删除' }).click();
  await expect(page.getByRole('dialog')).toContainText('确定删除该商品吗？');
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  await expect(dropRow).toBeVisible();
  await dropRow.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(dropRow).toHaveCount(0);

  await page.getByRole('button', { name: '去结算' }).click();
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/cart\/step3\/\d+/);
  await hydrated(page, 'PayPanel');
  await page.getByLabel(/在线支付/).check();
  await page.getByRole('button', { name: /立即支付/ }).click();
  await expect(page).toHaveURL(/\/cart\/hm\?payment=\d+/);
  await page.screenshot({ path: 'test-results/cart-hm.png', fullPage: true });
  // The button is in the server's HTML: a click before the island hydrates does nothing.
  await hydrated(page, 'SandboxPay');
  await page.getByRole('button', { name: '确认支付（沙箱）' }).click();
  await expect(page).toHaveURL(/\/cart\/step4\?order=\d+/, { timeout: 15_000 });
  await expect(page.getByText('支付成功！')).toBeVisible();

  // Quick purchase: the goods just bought is on the reorder list; pasted lines go in one go.
  await page.goto('/kjcg');
  await hydrated(page, 'QuickBuy');
  await expect(page.getByLabel(`${keep.goods.name}数量`)).toBeVisible();
  await page.getByLabel(/每行一个商品/).fill(`${keep.goods.name} 2\n找不到的药品QQ 1`);
  await page.getByRole('button', { name: '一键加入购物车' }).click();
  await expect(page.getByTestId('paste-result')).toContainText('找不到的药品QQ：未找到该商品');
  await page.screenshot({ path: 'test-results/kjcg.png', fullPage: true });
});

test('wallet pages show balance, ledger, credit, points and coupons', async ({ page, baseURL }) => {
  const r = page.request;
  expect(
    (
      await r.post('/api/login', {
        form: { username: 'clinic', password: 'yaopi2026' },
        headers: { origin: baseURL! },
      })
    ).status(),
  ).toBe(200);
  await page.goto('/wdqb');
  await expect(page.getByTestId('wallet-cards')).toContainText('账户余额');
  await page.goto('/zqgl');
  await expect(page.getByText('账期总额度 ¥0.00')).toBeVisible();
  await page.goto('/hmdd');
  await expect(page.getByText('暂无含麻订单')).toBeVisible();
  await page.goto('/jfdd');
  await expect(page.getByTestId('points-orders-empty')).toBeVisible();

  const demo = await page.context().browser()!.newContext({ baseURL: baseURL! });
  const p2 = await demo.newPage();
  expect(
    (
      await p2.request.post('/api/login', {
        form: { username: 'demo', password: 'yaopi2026' },
        headers: { origin: baseURL! },
      })
    ).status(),
  ).toBe(200);
  await p2.goto('/wdqb');
  await expect(p2.getByTestId('wallet-cards')).toContainText('¥');
  await p2.screenshot({ path: 'test-results/wallet.png', fullPage: true });
  await p2.goto('/yegl');
  await expect(p2.getByTestId('ledger')).toContainText('期初');
  await p2.goto('/yhq');
  await expect(p2.getByTestId('coupons')).toContainText('满500.00元可用');
  await p2.goto('/yhq?status=expired');
  await expect(p2.getByTestId('coupons')).toContainText('已过期');
  await p2.goto('/xjq');
  await expect(p2.getByTestId('coupons')).toContainText('无门槛');
  await demo.close();
});

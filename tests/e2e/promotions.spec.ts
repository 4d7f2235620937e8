import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { hydrated } from './support/staff.ts';
import { freshApprovedPharmacy } from './support/freshMember.ts';

// Promotions through the real pages: add from a list card and from the detail page (real
// buttons, no mocks), the 满减 hint in the cart changes with the quantity, the drawer leaves the
// totals bar visible, and a /lqzx claim. Each test buys as a new pharmacy of its own.

/** A new approved pharmacy of this spec's own, so its cart never meets another spec's. */
async function loginOwnStore(page: Page, baseURL: string): Promise<APIRequestContext> {
  await freshApprovedPharmacy(page.request, baseURL);
  return page.request;
}

// The machine is shared: allow slow page loads; islands are awaited explicitly anyway.
test.describe.configure({ timeout: 120_000 });

const fen = (yuan: string) => Math.round(Number(yuan) * 100);

test('add from a list and from the detail page; the 满减 hint changes in the cart', async ({
  page,
  baseURL,
}) => {
  const r = await loginOwnStore(page, baseURL!);
  const acts = (await (await r.get('/api/goods/activities')).json()).data;
  const act = acts[0];
  const first = fen(act.tiers[0].amount);
  const plain = (g: any) =>
    g.is_buy &&
    !g.must_multiple &&
    !g.is_ephedrine &&
    g.purchase_limit === 0 &&
    g.price_kind === null;
  // The list goods alone can reach the first tier (ladder prices are at least 80 % of base).
  const listGoods = act.goods.find(
    (g: any) => plain(g) && fen(g.price) * 0.8 * g.number > first * 1.1,
  );
  const detailGoods = act.goods.find((g: any) => plain(g) && g.id !== listGoods.id);

  await page.goto(`/search?keywords=${encodeURIComponent(listGoods.name)}`, {
    waitUntil: 'domcontentloaded',
  });
  const card = page.locator(`[data-testid="goods-card"][data-goods-id="${listGoods.id}"]`).first();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: '加入购物车' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已加入购物车' })).toBeVisible();

  await page.goto(`/list/info/${detailGoods.id}`, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('[data-testid="buy-box"][data-ready]')).toBeVisible();
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已加入购物车' })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/cart', { waitUntil: 'domcontentloaded' });
  await hydrated(page, 'CartPage');
  const listRow = page.locator(`tr[data-goods-id="${listGoods.id}"]`);
  await expect(listRow).toBeVisible();
  await expect(page.locator(`tr[data-goods-id="${detailGoods.id}"]`)).toBeVisible();
  const hints = page.getByTestId('manjian-hints');
  await expect(hints).toContainText('未满足满减条件');
  await expect(hints).toContainText(`可减${act.tiers[0].reduce}元`);

  // The open drawer (310 px) leaves the totals bar and 去结算 uncovered at 1280 px.
  await expect(page.getByTestId('cart-drawer')).toHaveAttribute('data-open', '1');
  const drawer = (await page.getByTestId('cart-drawer').boundingBox())!;
  const pay = (await page.getByRole('button', { name: '去结算' }).boundingBox())!;
  expect(pay.x + pay.width).toBeLessThanOrEqual(drawer.x);
  await page.screenshot({ path: 'test-results/promo-cart-1280.png' });

  const qty = Math.min(listGoods.number, Math.ceil(first / (fen(listGoods.price) * 0.8)));
  await listRow.getByLabel('数量').fill(String(qty));
  await listRow.getByLabel('数量').press('Enter');
  await expect(hints).toContainText('已满');
  await expect(hints).not.toContainText('未满足满减条件');
  await expect(page.getByTestId('cart-totals')).toContainText('满减');
  // The drawer follows the page's edit.
  await expect(page.getByTestId('drawer-lines')).toContainText(`× ${qty}`);

  await page.setViewportSize({ width: 1920, height: 900 });
  const wide = (await page.getByRole('button', { name: '去结算' }).boundingBox())!;
  expect(wide.x + wide.width).toBeLessThanOrEqual(
    (await page.getByTestId('cart-drawer').boundingBox())!.x,
  );
  await page.screenshot({ path: 'test-results/promo-cart-1920.png' });
});

test('claim a coupon in the coupon centre; it shows under 我的优惠券', async ({
  page,
  baseURL,
}) => {
  await loginOwnStore(page, baseURL!);
  await page.goto('/lqzx', { waitUntil: 'domcontentloaded' });
  const open = page
    .locator('[data-template-id]')
    .filter({ has: page.getByRole('button', { name: '立即领取' }) })
    .first();
  const card = page.locator(`[data-template-id="${await open.getAttribute('data-template-id')}"]`);
  const name = (await card.locator('p.font-medium').textContent())!;
  await hydrated(page, 'CouponClaim');
  await card.getByRole('button', { name: '立即领取' }).click();
  await expect(page.getByRole('status').filter({ hasText: '领取成功' })).toBeVisible();
  await expect(card.getByTestId('claimed')).toHaveText('已领取');
  await page.screenshot({ path: 'test-results/promo-lqzx.png' });

  await page.goto('/yhq', { waitUntil: 'domcontentloaded' });
  await expect(page.getByTestId('coupons')).toContainText(name);
  await page.goto('/lqzx', { waitUntil: 'domcontentloaded' });
  await expect(
    page.locator('[data-template-id]').filter({ hasText: name }).getByTestId('claimed'),
  ).toBeVisible();
});

import { captureCart } from './support/cart.ts';
import { buyBoxReady, loginAs } from './support/staff.ts';
import { expect, test } from './support/test.ts';

// Another goods' detail page is filled into the last detail render's copy (server/filledPages.ts):
// its buy box (client/buyBox.ts) and countdown (a React island, islands/pageIslands.ts) must come
// alive on a filled page as on a rendered one.

test('a flash-sale detail page filled into another goods’ copy counts down, prices and adds to the cart', async ({
  page,
}) => {
  await loginAs(page, 'demo');
  const spike = (await (await page.request.get('/api/index/spike')).json()).data.goods as {
    id: number;
    goods_price_id: number;
    price: string;
    is_buy: boolean;
    must_multiple: boolean;
  }[];
  const pick = spike.find((g) => g.is_buy && !g.must_multiple)!;
  expect(pick).toBeDefined();
  const other = (
    (await (await page.request.get('/api/goods/list?per_page=5')).json()).data as { id: number }[]
  ).find((g) => g.id !== pick.id)!;
  // Search words no other test uses (the header shows them): the copy is this test's own.
  const words = `keywords=fill${Date.now().toString(36)}`;
  expect((await page.request.get(`/list/info/${other.id}?${words}`)).status()).toBe(200);

  const calls = await captureCart(page);
  const res = await page.goto(
    `/list/info/${pick.id}?goods_price_id=${pick.goods_price_id}&${words}`,
  );
  expect(res?.headers()['x-shared-page']).toBe('filled');
  await expect(page).toHaveTitle(/药批/);
  await expect(page.getByTestId('goods-detail')).toHaveAttribute('data-goods-id', String(pick.id));
  await expect(page.getByTestId('variant')).toContainText('秒杀价');
  // the countdown hydrated and ticks, the buy box has its behaviour and follows the quantity
  await expect(page.locator('yp-island[ssr]')).toHaveCount(0);
  await buyBoxReady(page);
  const left = page.getByTestId('countdown');
  const first = await left.textContent();
  await expect(left).not.toHaveText(first!, { timeout: 3000 });
  await expect(page.getByTestId('unit-price')).toHaveText(`¥${pick.price}`);
  const quantity = page.getByLabel('采购数量');
  await quantity.fill('2');
  await expect(page.getByTestId('subtotal')).toHaveText(`¥${(Number(pick.price) * 2).toFixed(2)}`);
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect.poll(() => calls.length).toBe(1);
  expect(calls[0]).toContain(`params[0][goods_id]=${pick.id}`);
  expect(calls[0]).toContain(`params[0][goods_price_id]=${pick.goods_price_id}`);
  expect(calls[0]).toContain('params[0][number]=2');
  await page.screenshot({ path: 'test-results/detail-filled-flash.png', fullPage: false });
});

import { captureCart } from './support/cart.ts';
import { loginAs } from './support/staff.ts';
import { expect, test } from './support/test.ts';

// The list's buy controls are plain HTML driven by one delegated script (client/buyControls.ts):
// they must check, step and add exactly as the React quantity field does elsewhere.

test('a list card: pack steps, refused quantities say why, Enter and the button add what is shown', async ({
  page,
}) => {
  await loginAs(page, 'demo');
  const calls = await captureCart(page);
  const list = (await (await page.request.get('/api/goods/list?per_page=100&in_stock=1')).json())
    .data as any[];
  const g = list.find(
    (x) =>
      x.is_buy && x.must_multiple && x.zbz > 1 && x.purchase_limit === 0 && x.number >= 3 * x.zbz,
  );
  expect(g, 'a goods sold in inner-pack multiples').toBeTruthy();

  await page.goto(`/search?keywords=${encodeURIComponent(g.name)}`, {
    waitUntil: 'domcontentloaded',
  });
  const card = page.locator(`[data-testid="goods-card"][data-goods-id="${g.id}"]`).first();
  const field = card.getByLabel(`购买数量（${g.bzdw}）`);
  const add = card.getByRole('button', { name: '加入购物车' });
  await expect(field).toHaveValue(String(g.zbz));

  await card.getByRole('button', { name: '增加' }).click();
  await expect(field).toHaveValue(String(2 * g.zbz));
  await card.getByRole('button', { name: '减少' }).click();
  await card.getByRole('button', { name: '减少' }).click();
  await expect(field).toHaveValue(String(g.zbz));

  for (const [typed, why] of [
    ['2.5', '数量须为整数，不能有小数'],
    [String(g.zbz + 1), `须按中包装${g.zbz}${g.bzdw}的倍数购买`],
    [String(g.number + g.zbz), `库存仅剩${g.number}${g.bzdw}`],
    ['', '请填写数量'],
  ] as const) {
    await field.fill(typed);
    await expect(card.getByTestId('quantity-error')).toHaveText(why);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(add).toBeDisabled();
    await field.press('Enter');
  }
  await card.screenshot({ path: 'test-results/list-buy-control-refused.png' });
  expect(calls).toHaveLength(0);

  await field.fill(String(2 * g.zbz));
  await expect(card.getByTestId('quantity-error')).toHaveCount(0);
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  await field.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '已加入购物车' })).toBeVisible();
  expect(calls).toHaveLength(1);
  expect(calls[0]).toContain(`params[0][goods_id]=${g.id}`);
  expect(calls[0]).toContain(`params[0][number]=${2 * g.zbz}`);

  await card.getByRole('button', { name: '增加' }).click();
  await add.click();
  await expect.poll(() => calls.length).toBe(2);
  expect(calls[1]).toContain(`params[0][number]=${3 * g.zbz}`);
  await expect(add).toBeEnabled();
});

test('the dense table: every row has its own control and adds its own goods', async ({ page }) => {
  await loginAs(page, 'demo');
  const calls = await captureCart(page);
  await page.goto('/list/table', { waitUntil: 'domcontentloaded' });
  const rows = page
    .getByTestId('goods-row')
    .filter({ has: page.getByRole('button', { name: '加入购物车' }) });
  await expect(rows.nth(1)).toBeVisible();
  const second = rows.nth(1);
  const id = await second.getAttribute('data-goods-id');
  const field = second.getByRole('textbox');
  const shown = await field.inputValue();
  await second.getByRole('button', { name: '加入购物车' }).click();
  await expect.poll(() => calls.length).toBe(1);
  expect(calls[0]).toContain(`params[0][goods_id]=${id}`);
  expect(calls[0]).toContain(`params[0][number]=${shown}`);
  // the first row's field was not touched by the second row's action
  await expect(rows.first().getByTestId('quantity-error')).toHaveCount(0);
});

test('the next page of a list, filled into the list’s copy, shows and adds its own goods', async ({
  page,
}) => {
  await loginAs(page, 'demo');
  const calls = await captureCart(page);
  // A list no other test asks for, so its first page renders and the next is filled into it.
  const list = `/list?in_stock=1&per_page=13&price_min=0.${String(Date.now() % 90).padStart(2, '0')}`;
  // (its first page asked for just before, as the page's own link would be followed)
  expect((await page.request.get(list)).status()).toBe(200);
  const filled = await page.goto(`${list}&page=2`, { waitUntil: 'domcontentloaded' });
  expect(filled?.headers()['x-shared-page']).toBe('filled');
  await expect(page.getByTestId('pagination').locator('[aria-current="page"]')).toHaveText('2');
  const cards = page.getByTestId('goods-card');
  await expect(cards).toHaveCount(13);
  const second = (await (await page.request.get(`/api/goods/list${list.slice(5)}&page=2`)).json())
    .data as { id: number; is_buy: boolean }[];
  expect(await cards.evaluateAll((els) => els.map((e) => Number(e.dataset.goodsId)))).toEqual(
    second.map((g) => g.id),
  );
  await expect(page.getByTestId('view-switch').getByRole('link', { name: '列表' })).toHaveAttribute(
    'href',
    /\/list\/table\?.*page=2/,
  );
  const buyable = second.find((g) => g.is_buy)!;
  const card = page.locator(`[data-testid="goods-card"][data-goods-id="${buyable.id}"]`);
  await card.getByRole('button', { name: '加入购物车' }).click();
  await expect.poll(() => calls.length).toBe(1);
  expect(calls[0]).toContain(`params[0][goods_id]=${buyable.id}`);
  await page.screenshot({ path: 'test-results/list-filled-page-2.png', fullPage: false });
});

import { expect, test, type Page } from './support/test.ts';
import { freshApprovedPharmacy } from './support/freshMember.ts';
import { buyBoxReady, hydrated, staffPage } from './support/staff.ts';

// 会员等级价: a V3 price typed in the goods editor is what a V3 buyer sees on the detail page; a
// V1 buyer keeps the base price. Goods ids 1470–1499 are this spec's; the V3 price is cleared at
// the end.
test.describe.configure({ timeout: 150_000 });

/** The unit price the buy box shows. */
async function unitPrice(page: Page, goodsId: number): Promise<string> {
  await page.goto(`/list/info/${goodsId}`);
  await buyBoxReady(page);
  return (await page.getByTestId('unit-price').textContent())!.replace(/[^\d.]/g, '');
}

test('a merchandiser sets a V3 price in the goods editor; a V3 buyer sees it, a V1 buyer does not', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  const merch = await staffPage(browser, origin, 'merchandiser');
  await merch.setViewportSize({ width: 1280, height: 1000 });
  const v1 = await (await browser.newContext({ baseURL: origin })).newPage();
  await freshApprovedPharmacy(v1.request, origin);
  const v3 = await (await browser.newContext({ baseURL: origin })).newPage();
  await freshApprovedPharmacy(v3.request, origin);

  // The reviewer makes the second store a V3 member.
  const reviewer = await staffPage(browser, origin, 'reviewer');
  const storeId = (await (await v3.request.get('/api/user/stores')).json()).data.find(
    (s: any) => s.is_current,
  ).id;
  const store = (await (await reviewer.request.get(`/api/admin/stores/${storeId}`)).json()).data;
  const ranked = await reviewer.request.post(`/api/admin/stores/${storeId}`, {
    form: {
      type: 'pharmacy',
      province: '湖北省',
      city: '武汉市',
      rank: '3',
      admin_id: String(store.admins[0].id),
      is_can_chat: '1',
    },
    headers: { origin },
  });
  expect(ranked.status()).toBe(200);

  // A goods both see at its base price (no promotion price on it).
  let goodsId = 0;
  let base = '';
  for (let id = 1470; id < 1500 && !goodsId; id++) {
    const g = (await (await merch.request.get(`/api/admin/goods/${id}`)).json()).data;
    if (!g || Number(g.base_price) < 1) continue;
    if ((await unitPrice(v1, id)) === g.base_price) [goodsId, base] = [id, g.base_price];
  }
  expect(goodsId).toBeGreaterThan(0);
  const rankPrice = (Math.round(Number(base) * 100) - 1) / 100;
  const form = merch.getByTestId('goods-form');
  const setV3 = async (value: string) => {
    await merch.goto(`/admin/goods/${goodsId}`);
    await hydrated(merch, 'GoodsEditor');
    await form.getByLabel('V3会员价').fill(value);
    const saved = merch.waitForResponse((r) => r.url().endsWith(`/api/admin/goods/${goodsId}`));
    await form.getByRole('button', { name: '保存商品' }).click();
    return saved;
  };
  try {
    // Above the base price: refused beside the field, nothing saved.
    expect((await setV3((Number(base) + 1).toFixed(2))).status()).toBe(422);
    await expect(form.getByRole('alert')).toContainText('V3会员价不能高于基础单价');
    expect((await setV3(rankPrice.toFixed(2))).status()).toBe(200);
    await merch.waitForURL(`**/admin/goods/${goodsId}`);
    await hydrated(merch, 'GoodsEditor');
    await expect(form.getByLabel('V3会员价')).toHaveValue(rankPrice.toFixed(2));
    await merch.screenshot({ path: 'test-results/admin-rank-prices.png', fullPage: true });

    await expect.poll(() => unitPrice(v3, goodsId), { timeout: 15_000 }).toBe(rankPrice.toFixed(2));
    await v3.screenshot({ path: 'test-results/rank-price-detail.png' });
    expect(await unitPrice(v1, goodsId)).toBe(base);
  } finally {
    expect((await setV3('')).status()).toBe(200);
  }
});

test('a V5 buyer sees their rank price struck beside the home page’s flash price', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  const merch = await staffPage(browser, origin, 'merchandiser');
  const reviewer = await staffPage(browser, origin, 'reviewer');
  const v5 = await (await browser.newContext({ baseURL: origin })).newPage();
  await v5.setViewportSize({ width: 1280, height: 1000 });
  await freshApprovedPharmacy(v5.request, origin);
  const storeId = (await (await v5.request.get('/api/user/stores')).json()).data.find(
    (s: any) => s.is_current,
  ).id;
  const store = (await (await reviewer.request.get(`/api/admin/stores/${storeId}`)).json()).data;
  const ranked = await reviewer.request.post(`/api/admin/stores/${storeId}`, {
    form: {
      type: 'pharmacy',
      province: '湖北省',
      city: '武汉市',
      rank: '5',
      admin_id: String(store.admins[0].id),
      is_can_chat: '1',
    },
    headers: { origin },
  });
  expect(ranked.status()).toBe(200);

  await v5.goto('/');
  const card = v5.getByTestId('home-spike').getByTestId('goods-card').first();
  const goodsId = Number(await card.getAttribute('data-goods-id'));
  const g = (await (await merch.request.get(`/api/admin/goods/${goodsId}`)).json()).data;
  await expect(card.getByTestId('price').locator('s')).toHaveText(`¥${g.base_price}`);
  // Rank 5 is no other spec's: its price on this goods changes nothing they see.
  const rankPrice = (Math.round(Number(g.base_price) * 100) - 1) / 100;
  const save = (rankPrices: Record<string, string>, version: number) =>
    merch.request.post(`/api/admin/goods/${goodsId}`, {
      // The form as the editor shows it, less the empty choices (no brand) the form leaves out.
      data: {
        ...Object.fromEntries(Object.entries(g).filter(([, v]) => v !== null)),
        rank_prices: rankPrices,
        version,
      },
      headers: { origin },
    });
  const saved = await save({ ...g.rank_prices, v5: rankPrice.toFixed(2) }, g.version);
  expect(saved.status(), await saved.text()).toBe(200);
  try {
    await expect(async () => {
      await v5.goto('/');
      await expect(card.getByTestId('price').locator('s')).toHaveText(`¥${rankPrice.toFixed(2)}`, {
        timeout: 1000,
      });
    }).toPass({ timeout: 15_000 });
    await card.scrollIntoViewIfNeeded();
    await v5.screenshot({ path: 'test-results/home-rank-price.png' });
  } finally {
    expect((await save(g.rank_prices, g.version + 1)).status()).toBe(200);
  }
});

import { expect, test } from './support/test.ts';

// A goods the near-expiry zone sells: its full-price detail and checkout step 2 name the expiry
// months of the other lots, the lots a full-price line receives.

test('the detail and step 2 show the expiry range a full-price line receives', async ({
  page,
  baseURL,
}) => {
  const r = page.request;
  const headers = { origin: baseURL! };
  expect(
    (
      await r.post('/api/login', { form: { username: 'chain', password: 'yaopi2026' }, headers })
    ).status(),
  ).toBe(200);

  await page.goto('/jxqzc');
  const ids = await page
    .getByTestId('goods-card')
    .evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-goods-id'))));
  let found: { id: number; range: string; nearMonth: string } | null = null;
  for (const id of ids) {
    const full = (await (await r.get(`/api/goods/detail/${id}`)).json()).data;
    const jxq = (await (await r.get(`/api/goods/detail/${id}?is_jxq=1`)).json()).data;
    if (full.expiry_range && full.is_buy && !full.must_multiple && jxq.expiry_range) {
      found = { id, range: full.expiry_range, nearMonth: jxq.expiry_range };
      break;
    }
  }
  expect(found, 'a zone goods that also has full-price lots').not.toBeNull();
  const { id, range, nearMonth } = found!;
  // The full-price range starts after the discounted lot's month, never at it.
  expect(range.slice(0, 7) >= nearMonth).toBe(true);

  await page.goto(`/list/info/${id}`);
  await expect(page.getByTestId('expiry-range')).toContainText(`效期至 ${range}`);
  await page.goto(`/list/info/${id}?is_jxq=1`);
  await expect(page.getByTestId('expiry-range')).toContainText(`效期至 ${nearMonth}`);

  const add = await r.post('/api/cart', {
    form: { 'params[0][goods_id]': String(id), 'params[0][number]': '1' },
    headers,
  });
  expect(add.status()).toBe(200);
  const line = (await (await r.get('/api/cart/list')).json()).data.data.find(
    (l: any) => l.goods.id === id && l.goods_price_id === null,
  );
  try {
    await page.goto(`/cart/step2?ids=${line.id}`);
    await expect(page.getByTestId('line-expiry')).toHaveText(`效期至 ${range.slice(0, 7)}`);
    await page.screenshot({ path: 'test-results/near-expiry-step2.png', fullPage: true });
  } finally {
    await r.post('/api/cart/batch_delete', { form: { ids: String(line.id) }, headers });
  }
});

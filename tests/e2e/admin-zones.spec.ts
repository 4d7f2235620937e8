import { expect, test, type Locator, type Page } from './support/test.ts';
import { hydrated, staffPage } from './support/staff.ts';

// 专区选品: a merchandiser finds goods by approval number and by pinyin initials, adds them to the
// 冬季呼吸道专场 (/yjh/2), moves one up and removes the other; the zone's page follows. The goods
// this spec adds are taken out again at the end.
test.describe.configure({ timeout: 120_000 });

const stamp = () => Date.now().toString(36).slice(-5);

/** A goods of this run, on sale with stock; answers its id. */
async function newGoods(page: Page, baseURL: string, name: string, approvalNo: string) {
  const headers = { origin: baseURL };
  const one = (await (await page.request.get('/api/admin/goods?per_page=1')).json()).data[0];
  const category = (await (await page.request.get(`/api/admin/goods/${one.id}`)).json()).data
    .category_id;
  const made = await page.request.post('/api/admin/goods', {
    headers,
    form: {
      code: `ZE${stamp()}${Math.floor(Math.random() * 1e4)}`,
      name,
      spec: '0.3g*24片',
      manufacturer: '湖北测试制药有限公司',
      approval_no: approvalNo,
      drug_class: 'otc_b',
      bzdw: '盒',
      category_id: String(category),
      base_price: '6.60',
      is_buy: '1',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const id = (await made.json()).data.id as number;
  const lot = await page.request.post(`/api/admin/goods/${id}/lots`, {
    headers,
    form: { batch_no: 'E1', produced_on: '2026-01-01', expires_on: '2028-12-31', stock: '60' },
  });
  expect(lot.status()).toBe(200);
  return id;
}

/**
 * Clicks a desk button: scrolled into view first, since its island hydrates when visible and the
 * button stays disabled until then.
 */
async function press(button: Locator) {
  await button.scrollIntoViewIfNeeded();
  await button.click();
}

/** The goods ids of the zone page's cards, in their order. */
const cardIds = async (page: Page) =>
  (
    await page
      .getByTestId('goods-card')
      .evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-goods-id'))))
  ).slice(-2);

test('a merchandiser picks, orders and removes the goods of an activity zone', async ({
  browser,
  baseURL,
}) => {
  const page = await staffPage(browser, baseURL!, 'merchandiser');
  await page.setViewportSize({ width: 1366, height: 900 });
  const approval = `国药准字H${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const first = await newGoods(page, baseURL!, '选品测试甲片', approval);
  const second = await newGoods(
    page,
    baseURL!,
    '选品测试乙片',
    `国药准字H${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  );
  const zone = (
    (await (await page.request.get('/api/admin/zones')).json()).data as {
      id: number;
      url: string;
    }[]
  ).find((z) => z.url === '/yjh/2')!;
  try {
    await page.goto('/admin/promotions');
    await page
      .getByRole('navigation', { name: '促销类型' })
      .getByRole('link', { name: '专区选品' })
      .click();
    await expect(page.getByTestId('zone-rules')).toContainText('按规则选品');
    await page
      .getByTestId('zone-table')
      .locator(`tr[data-id="${zone.id}"]`)
      .getByRole('link', { name: '选品' })
      .click();
    await expect(page.getByTestId('zone-goods')).toContainText('冬季呼吸道专场');

    const search = async (q: string) => {
      await page.getByTestId('zone-search').getByRole('textbox').fill(q);
      await page.getByTestId('zone-search').getByRole('button', { name: '搜索' }).click();
      await expect(page.getByTestId('zone-search-table')).toBeVisible();
    };
    const addFromSearch = async (id: number) => {
      const added = page.waitForResponse((r) =>
        r.url().endsWith(`/api/admin/zones/${zone.id}/goods`),
      );
      await press(
        page
          .getByTestId('zone-search-table')
          .locator(`tr[data-goods-id="${id}"]`)
          .getByRole('button', { name: '添加' }),
      );
      expect((await added).status()).toBe(200);
      await page.waitForLoadState('load');
      await expect(
        page.getByTestId('zone-goods-table').locator(`tr[data-goods-id="${id}"]`),
      ).toBeVisible();
    };
    await search(approval);
    await expect(page.getByTestId('zone-search-table').locator('tbody tr')).toHaveCount(1);
    await addFromSearch(first);
    await expect(
      page.getByTestId('zone-search-table').locator(`tr[data-goods-id="${first}"]`),
    ).toContainText('已在专区');
    await search('xpcsyp');
    await addFromSearch(second);
    const rows = page.getByTestId('zone-goods-table').locator('tbody tr');
    await expect(rows.nth(-2)).toHaveAttribute('data-goods-id', String(first));
    await expect(rows.nth(-1)).toHaveAttribute('data-goods-id', String(second));

    const moved = page.waitForResponse((r) => r.url().endsWith(`/goods/${second}/move`));
    await press(rows.nth(-1).getByRole('button', { name: '上移' }));
    expect((await moved).status()).toBe(200);
    await page.waitForLoadState('load');
    await expect(rows.nth(-2)).toHaveAttribute('data-goods-id', String(second));
    await expect(rows.nth(-1)).toHaveAttribute('data-goods-id', String(first));
    await page.screenshot({ path: 'test-results/admin-zones.png', fullPage: true });

    const buyer = await (await browser.newContext({ baseURL: baseURL! })).newPage();
    await buyer.setViewportSize({ width: 1366, height: 900 });
    await buyer.goto('/yjh/2');
    expect(await cardIds(buyer)).toEqual([second, first]);
    await buyer.getByTestId('goods-card').last().scrollIntoViewIfNeeded();
    await buyer.screenshot({ path: 'test-results/zone-picked.png', fullPage: true });

    await press(
      page
        .getByTestId('zone-goods-table')
        .locator(`tr[data-goods-id="${first}"]`)
        .getByRole('button', { name: '移除' }),
    );
    const removed = page.waitForResponse((r) => r.url().endsWith(`/goods/${first}`));
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    expect((await removed).status()).toBe(200);
    await page.waitForLoadState('load');
    await expect(
      page.getByTestId('zone-goods-table').locator(`tr[data-goods-id="${first}"]`),
    ).toHaveCount(0);
    await buyer.goto('/yjh/2');
    await expect(buyer.getByTestId('goods-card').last()).toHaveAttribute(
      'data-goods-id',
      String(second),
    );
    await expect(buyer.locator(`[data-testid="goods-card"][data-goods-id="${first}"]`)).toHaveCount(
      0,
    );
  } finally {
    for (const id of [first, second])
      await page.request.delete(`/api/admin/zones/${zone.id}/goods/${id}`, {
        headers: { origin: baseURL! },
      });
  }
});

test('a merchandiser makes a new activity zone, fills it and renames it; its page follows', async ({
  browser,
  baseURL,
}) => {
  const page = await staffPage(browser, baseURL!, 'merchandiser');
  await page.setViewportSize({ width: 1366, height: 900 });
  const approval = `国药准字H${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const goodsId = await newGoods(page, baseURL!, '新专区测试片', approval);
  const title = `春季流感专场${stamp()}`;

  await page.goto('/admin/promotions/zones');
  await hydrated(page, 'DeskForm');
  const form = page.getByTestId('zone-form');
  await expect(form).toContainText('新建活动专区');
  await form.getByLabel('类型').selectOption({ label: '活动专区' });
  await form.getByLabel('标题', { exact: true }).fill(title);
  await form.getByLabel(/^说明/).fill('抗病毒、退热用药集中采购');
  await form.getByLabel('结束时间').fill('2026-01-01T00:00');
  await form.getByRole('button', { name: '创建' }).click();
  await expect(page.getByText('结束时间须晚于开始时间')).toBeVisible();
  await form.getByLabel('结束时间').fill('2036-12-31T23:59');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/zones'));
  await form.getByRole('button', { name: '创建' }).click();
  expect((await created).status()).toBe(201);
  const row = page.getByTestId('zone-table').locator('tr', { hasText: title });
  await expect(row).toContainText('进行中');
  const id = Number(await row.getAttribute('data-id'));
  await expect(row.getByRole('link', { name: `/yjh/${id}` })).toBeVisible();

  await row.getByRole('link', { name: '选品' }).click();
  await expect(page.getByTestId('zone-goods-table')).toContainText('还没有选品');
  await page.getByTestId('zone-search').getByRole('textbox').fill(approval);
  await page.getByTestId('zone-search').getByRole('button', { name: '搜索' }).click();
  const added = page.waitForResponse((r) => r.url().endsWith(`/api/admin/zones/${id}/goods`));
  await press(
    page
      .getByTestId('zone-search-table')
      .locator(`tr[data-goods-id="${goodsId}"]`)
      .getByRole('button', { name: '添加' }),
  );
  expect((await added).status()).toBe(200);
  await expect(
    page.getByTestId('zone-goods-table').locator(`tr[data-goods-id="${goodsId}"]`),
  ).toBeVisible();

  const renamed = `${title}·加量`;
  await page
    .getByTestId('zone-table')
    .locator(`tr[data-id="${id}"]`)
    .getByRole('link', { name: '编辑' })
    .click();
  await hydrated(page, 'DeskForm');
  await expect(form).toContainText(`修改专区 #${id}`);
  await expect(form.getByLabel('类型')).toHaveCount(0);
  await form.getByLabel('标题', { exact: true }).fill(renamed);
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/zones/${id}`));
  await form.getByRole('button', { name: '保存修改' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('zone-table').locator(`tr[data-id="${id}"]`)).toContainText(
    renamed,
  );
  await page.screenshot({ path: 'test-results/admin-zones-new.png', fullPage: true });

  const buyer = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await buyer.setViewportSize({ width: 1366, height: 900 });
  await buyer.goto(`/yjh/${id}`);
  await expect(buyer.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(buyer.getByText('抗病毒、退热用药集中采购')).toBeVisible();
  await expect(buyer.getByTestId('goods-card')).toHaveCount(1);
  await expect(buyer.getByTestId('goods-card')).toHaveAttribute('data-goods-id', String(goodsId));
  await buyer.screenshot({ path: 'test-results/zone-new-page.png' });
});

import { expect, test, type Page } from './support/test.ts';
import { bannerPng, licenceScanPng } from './support/images.ts';
import { hydrated, staffPage } from './support/staff.ts';

// The content desk's ads, zone entries and hot words through their screens, and what the shop
// shows after each edit. Everything this spec changes it puts back (or removes) at the end.
test.describe.configure({ timeout: 120_000 });

const stamp = () => Date.now().toString(36).slice(-5);

/** The ads of a position as the desk's API lists them. */
const adsOf = async (page: Page, slot: string) =>
  (await (await page.request.get(`/api/admin/ads?slot=${slot}`)).json()).data as {
    id: number;
    title: string;
    url: string;
    enabled: number;
  }[];

test('an editor uploads a home banner, moves it first, and the home page shows its picture', async ({
  browser,
  baseURL,
}) => {
  const page = await staffPage(browser, baseURL!, 'editor');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/content');
  await page
    .getByRole('navigation', { name: '内容管理' })
    .getByRole('link', { name: '广告与专区' })
    .click();
  await expect(page.getByTestId('ad-slot-rule')).toContainText('1500×576');
  await hydrated(page, 'DeskForm');
  const title = `冬储大促${stamp()}`;
  const form = page.getByTestId('ad-form');
  await form.getByLabel('标题（无图时显示）').fill(title);
  await form.getByLabel(/^链接/).fill('javascript:alert(1)');
  await form.getByRole('button', { name: '新增' }).click();
  await expect(page.getByText('链接须以 / 或 http(s):// 开头')).toBeVisible();
  await form.getByLabel(/^链接/).fill('/jxqzc');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/ads'));
  await form.getByRole('button', { name: '新增' }).click();
  expect((await created).status()).toBe(201);
  const row = page.getByTestId('ad-table').locator('tr', { hasText: title });
  await expect(row).toContainText('展示中');
  const id = Number(await row.getAttribute('data-id'));
  try {
    await hydrated(page, 'ImageUpload');
    await row
      .getByLabel('选择图片')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: bannerPng() });
    await row.getByRole('button', { name: '上传', exact: true }).click();
    const thumb = page.getByTestId('ad-table').locator(`tr[data-id="${id}"] img`);
    await expect(thumb).toHaveAttribute('src', /^\/uploads\/ads\/[0-9a-f]{32}\.webp$/);
    // Up until it is the first slide.
    while ((await adsOf(page, 'top'))[0]?.id !== id) {
      await hydrated(page, 'AdActions');
      const moved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/ads/${id}/move`));
      await page
        .getByTestId('ad-table')
        .locator(`tr[data-id="${id}"]`)
        .getByRole('button', { name: '上移' })
        .click();
      expect((await moved).status()).toBe(200);
      await page.waitForLoadState('load');
    }
    await expect(page.getByTestId('ad-table').locator('tbody tr').first()).toHaveAttribute(
      'data-id',
      String(id),
    );
    await page.screenshot({ path: 'test-results/admin-content-ads.png', fullPage: true });

    const visitor = await (await browser.newContext({ baseURL: baseURL! })).newPage();
    await visitor.setViewportSize({ width: 1280, height: 900 });
    await expect(async () => {
      await visitor.goto('/');
      const slide = visitor.getByTestId('top-ads').locator('a').first();
      await expect(slide).toHaveAttribute('href', '/jxqzc');
      await expect(slide.getByRole('img', { name: title })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    const img = visitor.getByTestId('top-ads').getByRole('img', { name: title });
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth))
      .toBeGreaterThan(0);
    await visitor.screenshot({ path: 'test-results/home-banner.png' });
  } finally {
    const removed = await page.request.delete(`/api/admin/ads/${id}`, {
      headers: { origin: baseURL! },
    });
    expect(removed.status()).toBe(200);
  }
});

test('an editor renames a zone entry and the right column’s ad, and the home page shows both', async ({
  browser,
  baseURL,
}) => {
  const page = await staffPage(browser, baseURL!, 'editor');
  await page.setViewportSize({ width: 1280, height: 900 });
  const zone = (await adsOf(page, 'focus')).find((a) => a.url === '/jxqzc')!;
  const right = (await adsOf(page, 'right'))[0]!;
  const zoneTitle = `近效期清仓${stamp()}`;
  const rightTitle = `新人专享${stamp()}`;
  const rename = async (slot: string, id: number, title: string) => {
    await page.goto(`/admin/content/ads?slot=${slot}&edit=${id}`);
    await hydrated(page, 'DeskForm');
    const form = page.getByTestId('ad-form');
    await expect(form).toContainText(`修改广告 #${id}`);
    await form.getByLabel('标题（无图时显示）').fill(title);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/ads/${id}`));
    await form.getByRole('button', { name: '保存修改' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByTestId('ad-table').locator(`tr[data-id="${id}"]`)).toContainText(title);
  };
  try {
    await page.goto('/admin/content/ads?slot=focus');
    await expect(page.getByTestId('ad-slot-rule')).toContainText('首页轮播下方');
    await rename('focus', zone.id, zoneTitle);
    await page.screenshot({ path: 'test-results/admin-content-zones.png', fullPage: true });
    await rename('right', right.id, rightTitle);

    const visitor = await (await browser.newContext({ baseURL: baseURL! })).newPage();
    await visitor.setViewportSize({ width: 1280, height: 900 });
    await expect(async () => {
      await visitor.goto('/');
      await expect(visitor.getByTestId('home-zones')).toContainText(zoneTitle, { timeout: 1000 });
      await expect(visitor.getByTestId('home-right-ads')).toContainText(rightTitle, {
        timeout: 1000,
      });
    }).toPass({ timeout: 15_000 });
    await expect(
      visitor.getByTestId('home-zones').getByRole('link', { name: zoneTitle }),
    ).toHaveAttribute('href', '/jxqzc');
    await visitor.screenshot({ path: 'test-results/home-zones-right.png' });
  } finally {
    for (const [a, title] of [
      [zone, zone.title],
      [right, right.title],
    ] as const) {
      const res = await page.request.post(`/api/admin/ads/${a.id}`, {
        form: { title, url: a.url, enabled: String(a.enabled) },
        headers: { origin: baseURL! },
      });
      expect(res.status()).toBe(200);
    }
  }
});

test('an editor sets the toolbar’s WeChat code and a prerendered help page’s toolbar shows it', async ({
  browser,
  baseURL,
}) => {
  const page = await staffPage(browser, baseURL!, 'editor');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/content/ads?slot=wechat');
  await expect(page.getByTestId('ad-slot-rule')).toContainText('256×256');
  await hydrated(page, 'DeskForm');
  const caption = `扫码加客服微信${stamp()}`;
  const form = page.getByTestId('ad-form');
  await form.getByLabel('标题（无图时显示）').fill(caption);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/ads'));
  await form.getByRole('button', { name: '新增' }).click();
  expect((await created).status()).toBe(201);
  const row = page.getByTestId('ad-table').locator('tr', { hasText: caption });
  const id = Number(await row.getAttribute('data-id'));
  try {
    await hydrated(page, 'ImageUpload');
    await row
      .getByLabel('选择图片')
      .setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: licenceScanPng() });
    await row.getByRole('button', { name: '上传', exact: true }).click();
    await expect(page.getByTestId('ad-table').locator(`tr[data-id="${id}"] img`)).toHaveAttribute(
      'src',
      /^\/uploads\/ads\//,
    );

    const visitor = await (await browser.newContext({ baseURL: baseURL! })).newPage();
    await visitor.setViewportSize({ width: 1280, height: 900 });
    await expect(async () => {
      await visitor.goto('/help/us/link');
      await visitor.getByTestId('toolbar-wechat').hover();
      await expect(visitor.getByTestId('wechat-qr')).toHaveAttribute('src', /^\/uploads\/ads\//, {
        timeout: 1000,
      });
    }).toPass({ timeout: 15_000 });
    await expect(visitor.getByRole('complementary', { name: '右侧工具栏' })).toContainText(caption);
    await visitor.screenshot({ path: 'test-results/help-toolbar-wechat.png' });
  } finally {
    const removed = await page.request.delete(`/api/admin/ads/${id}`, {
      headers: { origin: baseURL! },
    });
    expect(removed.status()).toBe(200);
  }
});

test('an editor changes a hot search word and the prerendered help page shows it', async ({
  browser,
  baseURL,
}) => {
  const page = await staffPage(browser, baseURL!, 'editor');
  await page.goto('/admin/content');
  await hydrated(page, 'DeskForm');
  const field = page.getByTestId('hot-words-form').getByLabel('每行一个，最多20个');
  const before = await field.inputValue();
  const word = `退烧贴${stamp()}`;
  try {
    await field.fill(`${word}\n${before}`);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/settings'));
    await page.getByTestId('hot-words-form').getByRole('button', { name: '保存热搜词' }).click();
    expect((await saved).status()).toBe(200);

    const visitor = await (await browser.newContext({ baseURL: baseURL! })).newPage();
    await visitor.setViewportSize({ width: 1280, height: 900 });
    await visitor.goto('/help/xrzn/gwzn');
    const hot = visitor.getByTestId('hot-words');
    await expect(hot.getByRole('link', { name: word })).toHaveAttribute(
      'href',
      `/search?${new URLSearchParams({ keywords: word, type: '1' })}`,
    );
    await visitor.screenshot({ path: 'test-results/help-hot-words.png' });
    await hot.getByRole('link', { name: word }).click();
    await expect(visitor).toHaveURL(/\/search\?keywords=/);
    await expect(visitor.getByLabel('搜索关键词')).toHaveValue(word);
  } finally {
    const res = await page.request.post('/api/admin/settings', {
      form: { hot_words: before },
      headers: { origin: baseURL! },
    });
    expect(res.status()).toBe(200);
  }
});

test('an editor uploads the login ad and the login page shows it beside the form, linked', async ({
  browser,
  baseURL,
}) => {
  const page = await staffPage(browser, baseURL!, 'editor');
  await page.setViewportSize({ width: 1280, height: 900 });
  const visitor = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await visitor.setViewportSize({ width: 1280, height: 900 });
  // The demo's login ad has no picture: the page keeps its slogan and shows no ad.
  await visitor.goto('/login');
  await expect(visitor.getByText('正品药械 · 批发采购')).toBeVisible();
  await expect(visitor.getByTestId('login-ad')).toHaveCount(0);

  await page.goto('/admin/content/ads?slot=login');
  await expect(page.getByTestId('ad-slot-rule')).toContainText('1200×800');
  await hydrated(page, 'DeskForm');
  const title = `开年采购季${stamp()}`;
  const form = page.getByTestId('ad-form');
  await form.getByLabel('标题（无图时显示）').fill(title);
  await form.getByLabel(/^链接/).fill('/lqzx');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/ads'));
  await form.getByRole('button', { name: '新增' }).click();
  expect((await created).status()).toBe(201);
  const row = page.getByTestId('ad-table').locator('tr', { hasText: title });
  const id = Number(await row.getAttribute('data-id'));
  try {
    await hydrated(page, 'ImageUpload');
    await row
      .getByLabel('选择图片')
      .setInputFiles({ name: 'login.png', mimeType: 'image/png', buffer: bannerPng() });
    await row.getByRole('button', { name: '上传', exact: true }).click();
    await expect(page.getByTestId('ad-table').locator(`tr[data-id="${id}"] img`)).toHaveAttribute(
      'src',
      /^\/uploads\/ads\//,
    );

    await expect(async () => {
      await visitor.goto('/login');
      await expect(visitor.getByTestId('login-ad')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    const ad = visitor.getByTestId('login-ad');
    await expect(ad).toHaveAttribute('href', '/lqzx');
    const img = ad.getByRole('img', { name: title });
    await expect(img).toHaveAttribute('src', /^\/uploads\/ads\/[0-9a-f]{32}\.webp$/);
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth))
      .toBeGreaterThan(0);
    // Beside the form: the picture to its left, both in view.
    const [adBox, formBox] = [
      await ad.boundingBox(),
      await visitor.getByTestId('login-form').boundingBox(),
    ];
    expect(adBox!.x + adBox!.width).toBeLessThanOrEqual(formBox!.x);
    await expect(visitor.getByText('正品药械 · 批发采购')).toHaveCount(0);
    await visitor.screenshot({ path: 'test-results/login-ad.png' });
  } finally {
    const removed = await page.request.delete(`/api/admin/ads/${id}`, {
      headers: { origin: baseURL! },
    });
    expect(removed.status()).toBe(200);
  }
  await expect(async () => {
    await visitor.goto('/login');
    await expect(visitor.getByTestId('login-ad')).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
});

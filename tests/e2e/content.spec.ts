import { expect, test, type Page } from './support/test.ts';
import { helpPages, newsPages } from '../support/content.ts';

const SITE = '药批·医药批发采购平台';
const help = helpPages();
const news = newsPages();
const LISTS = [
  { url: '/help', title: '帮助中心' },
  { url: '/news/hy', title: '行业资讯' },
  { url: '/news/hy/2', title: '行业资讯（第2页）' },
  { url: '/news/company', title: '公司新闻' },
  { url: '/news/company/2', title: '公司新闻（第2页）' },
];
const ALL = [...LISTS, ...help, ...news];

/** Loads a page and counts the script requests it makes without any interaction. */
async function scriptRequests(page: Page, url: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  const res = await page.goto(url, { waitUntil: 'networkidle' });
  expect(res?.status(), url).toBe(200);
  // requestIdleCallback-driven islands (client:idle) would have started by now.
  await page.waitForTimeout(300);
  return scripts;
}

test.describe('every help and news page', () => {
  for (const p of ALL) {
    test(`${p.url} answers 200 with its title, loads no script and is in the help navigation`, async ({
      page,
    }) => {
      const scripts = await scriptRequests(page, p.url);
      expect(scripts, 'script requests before interaction').toEqual([]);
      await expect(page).toHaveTitle(`${p.title} - ${SITE}`);
      await expect(page.locator('h1')).toBeVisible();
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      const nav = page.getByTestId('help-nav');
      await expect(nav).toBeVisible();
      // Hidden-group articles and single news items are reached by link, not from the nav.
      if (!p.url.includes('/hidden/') && !p.url.startsWith('/news/info/')) {
        const listUrl = p.url.replace(/\/\d+$/, '');
        await expect(nav.locator(`a[href="${listUrl}"]`).first()).toBeAttached();
      }
    });
  }
});

test('the script counter sees the islands of a server-rendered page (control)', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  expect(scripts.length).toBeGreaterThan(0);
});

test('the help centre lists four groups and no hidden articles', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByTestId('help-group')).toHaveCount(4);
  await expect(page.getByTestId('help-group').locator('h2')).toHaveText([
    '新手指南',
    '服务保障',
    '关于我们',
    '支付配送',
  ]);
  await expect(page.locator('a[href*="/help/hidden/"]')).toHaveCount(0);
  for (const h of help.filter((x) => !x.url.includes('/hidden/'))) {
    await expect(page.getByTestId('help-nav').locator(`a[href="${h.url}"]`).first()).toBeAttached();
  }
});

test('payment and delivery pages use the login-style header', async ({ page }) => {
  for (const url of ['/help/pay', '/help/zfps/ddzf']) {
    await page.goto(url);
    await expect(page.getByTestId('shop-header')).toHaveCount(0);
    await expect(page.getByRole('link', { name: '返回首页' }).first()).toBeVisible();
  }
  await page.goto('/help/xrzn/hyzc?id=101');
  await expect(page.getByTestId('shop-header')).toBeVisible();
  await expect(page).toHaveTitle(`会员注册 - ${SITE}`);
});

test('the site qualifications page shows the licences of the footer', async ({ page }) => {
  await page.goto('/help/fwbz/wzzz');
  const licences = page.getByTestId('licences');
  const footer = page.getByTestId('shop-footer');
  for (const [label, pattern] of [
    ['药品经营许可证', /药品经营许可证：(\S+)/],
    ['互联网药品信息服务资格证书', /互联网药品信息服务资格证书：(\S+)/],
  ] as const) {
    const value = pattern.exec(await footer.innerText())?.[1];
    expect(value, label).toBeTruthy();
    await expect(licences.locator('tr', { hasText: label })).toContainText(value!);
  }
  const icp = /(\S*ICP备\S+)/.exec(await footer.innerText())?.[1];
  await expect(licences).toContainText(icp!);
});

test('news lists are sorted newest first and paged', async ({ page }) => {
  for (const type of ['hy', 'company']) {
    const expected = news
      .filter((n) => n.type === type)
      .map((n) => n.url)
      .sort()
      .reverse(); // file names start with the date
    const seen: string[] = [];
    await page.goto(`/news/${type}`);
    for (;;) {
      seen.push(
        ...(await page
          .getByTestId('news-list')
          .locator('a')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))),
      );
      const next = page.getByTestId('pager').getByRole('link', { name: '下一页' });
      if ((await next.count()) === 0) break;
      const href = await next.getAttribute('href');
      await next.click();
      await page.waitForURL((url) => url.pathname === href);
    }
    expect(seen).toEqual(expected);
    expect(seen.length).toBeGreaterThan(5); // more than one page
  }
});

// Crawls same-origin links two levels deep from the help centre and the news lists. Links into
// /help and /news must work; other shop routes belong to other teams and are only reported.
test('links from help and news pages are not broken', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const status = new Map<string, number>();
  const linksOf = async (url: string): Promise<string[]> => {
    await page.goto(url);
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    return [
      ...new Set(
        hrefs
          .filter((h) => h.startsWith(origin))
          .map((h) => new URL(h).pathname + new URL(h).search),
      ),
    ];
  };
  const isContent = (u: string) => /^\/(help|news)(\/|$|\?)/.test(u);
  let level = ['/help', '/news/hy', '/news/company'];
  const visited = new Set<string>();
  for (let depth = 0; depth <= 2; depth++) {
    const next: string[] = [];
    for (const url of level) {
      if (visited.has(url)) continue;
      visited.add(url);
      if (!status.has(url)) status.set(url, (await request.get(url, { maxRedirects: 5 })).status());
      if (depth < 2 && isContent(url) && status.get(url)! < 400) next.push(...(await linksOf(url)));
    }
    level = [...new Set(next)];
  }
  for (const url of level)
    if (!status.has(url)) status.set(url, (await request.get(url, { maxRedirects: 5 })).status());
  const broken = [...status].filter(([u, s]) => isContent(u) && s >= 400);
  const others = [...status]
    .filter(([u, s]) => !isContent(u) && s >= 400)
    .map(([u, s]) => `${u} ${s}`);
  if (others.length)
    test.info().annotations.push({
      type: "other teams' routes not built yet",
      description: others.join(', '),
    });
  console.log(
    `[crawl] ${status.size} links checked; outside help/news answering ≥ 400: ${others.join(', ') || 'none'}`,
  );
  expect([...status.keys()].filter(isContent).length).toBeGreaterThan(30);
  expect(broken).toEqual([]);
});

import { SEARCH_SUGGEST_DELAY_MS } from '#/lib/constants.ts';
import { expect, test, type Page } from './support/test.ts';

const USER_BASE_MEMBER = {
  show: true,
  username: 'demo',
  company: '武汉仁心大药房',
  message_count: 3,
  admin: { name: '李敏', phone: '13900001111', phone_1: '', is_default: 1 },
  common_config: { hot_line: '400-800-1234', qq1: '800012345', qq2: '800067890' },
  is_can_chat: 0,
  token: '',
};

async function login(page: Page, username = 'demo') {
  const res = await page.request.post('/api/login', {
    form: { username, password: 'yaopi2026' },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(res.status()).toBe(200);
}

/** Hover the search box so its island hydrates (client:interact), and wait until it has. */
async function searchReady(page: Page) {
  await page.getByRole('search').getByRole('textbox').hover();
  await expect(page.locator('astro-island[component-url*="SearchBox"]')).not.toHaveAttribute(
    'ssr',
    '',
  );
}

const json = (data: unknown, status = 200) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(data),
});

test.describe('visitor chrome', () => {
  test('home reads before JS: header, menus, blocks with hidden prices, footer licences and help links', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveTitle(/首页 - 药批/);
    const header = page.getByTestId('shop-header');
    await expect(header.getByRole('link', { name: '请登录' })).toBeVisible();
    await expect(header.getByRole('link', { name: '免费注册' })).toBeVisible();
    await expect(header).toContainText('400-800-1234');
    await expect(page.getByRole('search').getByRole('textbox')).toBeVisible();
    const navLinks = page.getByRole('navigation', { name: '主导航' }).locator(':scope > div > a');
    expect(await navLinks.count()).toBeGreaterThan(0);
    expect(await navLinks.count()).toBeLessThanOrEqual(9);
    // The general side menu: the first 7 top categories, links carry the select filter.
    const side = page.locator('main [data-menu="general"] > li');
    await expect(side).toHaveCount(7);
    await expect(side.first().locator('a').first()).toHaveAttribute('href', /^\/list\?select=\d+$/);
    await expect(page.getByTestId('top-ads').locator('[data-slide]').first()).toBeVisible();
    await expect(page.getByTestId('home-spike').getByTestId('goods-card').first()).toBeVisible();
    await expect(page.getByTestId('home-daily').getByTestId('goods-card').first()).toBeVisible();
    await expect(page.getByTestId('price-hidden').first()).toHaveText('登录后可见价格');
    await expect(page.getByTestId('price')).toHaveCount(0);
    const footer = page.getByTestId('shop-footer');
    await expect(footer.getByRole('link', { name: /药品经营许可证/ })).toHaveAttribute(
      'href',
      '/help/fwbz/wzzz',
    );
    await expect(footer.getByRole('link', { name: /互联网药品信息服务资格证书/ })).toHaveAttribute(
      'href',
      '/help/fwbz/wzzz',
    );
    await expect(footer).toContainText('ICP备');
    await expect(footer.getByTestId('police-filing')).toHaveAttribute(
      'href',
      'https://beian.mps.gov.cn/#/query/webSearch?code=42010602000123',
    );
    await expect(footer.getByTestId('police-filing')).toContainText('公网安备');
    await expect(footer.getByRole('link', { name: '会员注册' })).toHaveAttribute(
      'href',
      '/help/xrzn/hyzc?id=101',
    );
    await context.close();
  });

  test('no cart or React request before interaction; visitors get no badge', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.route('**/api/user/base', (r) => r.fulfill(json({ data: { show: true } })));
    const pageview = page.waitForRequest('**/api/track/pageview');
    await page.goto('/');
    await pageview;
    expect(requested).not.toContain('/api/cart/total');
    // React's runtime (the client chunk) is not loaded until a buyer reaches for an island.
    expect(requested.filter((p) => /\/_astro\/client\.[\w-]+\.js$/.test(p))).toEqual([]);
    await expect(page.getByTestId('cart-badge')).toBeHidden();
    await page.getByRole('search').getByRole('textbox').hover();
    await expect
      .poll(() => requested.filter((p) => /\/_astro\/client\.[\w-]+\.js$/.test(p)).length)
      .toBe(1);
  });

  test('category menus open on hover and link to the list with the line flag', async ({ page }) => {
    await page.goto('/404');
    const general = page.getByTestId('menu-general');
    const firstTop = general.locator('[data-menu="general"] > li').first();
    await expect(firstTop).toBeHidden();
    await general.hover();
    await expect(firstTop).toBeVisible();
    await firstTop.hover();
    const child = firstTop.locator('dl a').first();
    await expect(child).toBeVisible();
    await expect(child).toHaveAttribute('href', /^\/list\?select=\d+$/);
    await page.getByTestId('menu-zy').hover();
    await expect(page.getByTestId('menu-zy').locator('a').first()).toHaveAttribute(
      'href',
      /^\/list\?select=\d+&zy=2$/,
    );
    await page.getByTestId('menu-qx').hover();
    await expect(page.getByTestId('menu-qx').locator('a').first()).toHaveAttribute(
      'href',
      /^\/list\?select=\d+&qx=2$/,
    );
    await page.getByTestId('menu-yx').hover();
    await expect(page.getByTestId('menu-yx').locator('a').first()).toHaveAttribute(
      'href',
      /^\/list\?select=\d+&yx=1$/,
    );
  });

  test('quality-inspection link alerts the operator message, or opens the member URL', async ({
    page,
  }) => {
    await page.route('**/api/user/base', (r) => r.fulfill(json({ data: { show: true } })));
    await page.goto('/');
    await page.getByTestId('quality-link').click();
    await expect(page.getByRole('dialog')).toContainText('质检报告请联系您的专属客服索取');
    await expect(page).toHaveURL(/\/$/);

    await page.unroute('**/api/user/base');
    await page.route('**/api/user/base', (r) =>
      r.fulfill(
        json({
          data: {
            show: true,
            quality_inspection: { quality_inspection_url: 'https://zj.example/report', msg: '' },
          },
        }),
      ),
    );
    await page.reload();
    await expect(page.getByTestId('quality-link')).toHaveAttribute(
      'href',
      'https://zj.example/report',
    );
    await expect(page.getByTestId('quality-link')).toHaveAttribute('target', '_blank');
  });

  test('search bar becomes fixed after 205 px of scroll', async ({ page }) => {
    await page.goto('/');
    const bar = page.locator('[data-sticky-search]');
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect(bar).not.toHaveAttribute('data-fixed');
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect(bar).toHaveAttribute('data-fixed', '');
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect((await bar.boundingBox())!.y).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).not.toHaveAttribute('data-fixed');
  });
});

test.describe('search suggestions', () => {
  test('wait for 500 ms of idle typing, show 搜索中… then rows, 暂无数据 when empty', async ({
    page,
  }) => {
    const calls: URL[] = [];
    let release: () => void = () => {};
    await page.route('**/api/goods/search**', async (route) => {
      const url = new URL(route.request().url());
      calls.push(url);
      if (url.searchParams.get('keywords') === '无此药') return route.fulfill(json({ data: [] }));
      await new Promise<void>((r) => (release = r));
      await route.fulfill(
        json({ data: [{ id: 1, name: '阿莫西林胶囊', sccj: '华北制药', ypgg: '0.25g*24粒' }] }),
      );
    });
    // The page's clock stands still while typing and moves only as told: the wait is measured in
    // the page's time, whatever the machine's load (with real time, 300 ms of waiting on a loaded
    // CI machine passed the 500 ms debounce).
    await page.clock.install();
    await page.goto('/');
    await searchReady(page);
    const box = page.getByRole('search').getByRole('textbox');
    await box.click();
    await page.clock.pauseAt(Date.now() + 1_000);
    await box.pressSequentially('阿莫', { delay: 100 });
    await page.clock.runFor(SEARCH_SUGGEST_DELAY_MS - 1);
    const list = page.getByTestId('search-suggestions');
    await expect(list).toBeHidden();
    expect(calls).toHaveLength(0);
    await page.clock.runFor(1);
    await page.clock.resume();
    await expect(list).toHaveText('搜索中…');
    // The list says 搜索中… as the request leaves; the route handler may see it a moment later.
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]!.searchParams.get('keywords')).toBe('阿莫');
    expect(calls[0]!.searchParams.get('type')).toBe('1');
    release();
    await expect(list.getByRole('button', { name: /阿莫西林胶囊/ })).toBeVisible();

    await box.fill('无此药');
    await expect(list).toHaveText('暂无数据');

    // A blank keyword never calls the server and closes the list.
    await box.fill('   ');
    await page.waitForTimeout(800);
    expect(calls.filter((u) => !u.searchParams.get('keywords')?.trim())).toHaveLength(0);
    await expect(list).toBeHidden();
  });

  test('manufacturer toggle sends type=2; submit trims the keyword and keeps it in sessionStorage', async ({
    page,
  }) => {
    const types: string[] = [];
    await page.route('**/api/goods/search**', (route) => {
      types.push(new URL(route.request().url()).searchParams.get('type') ?? '');
      return route.fulfill(json({ data: [] }));
    });
    await page.goto('/');
    await searchReady(page);
    await page.getByRole('radio', { name: '厂家' }).click();
    const box = page.getByRole('search').getByRole('textbox');
    await box.fill('  华北制药  ');
    await expect(page.getByTestId('search-suggestions')).toHaveText('暂无数据');
    expect(types).toEqual(['2']);
    await box.press('Enter');
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('keywords')).toBe('华北制药');
    expect(url.searchParams.get('type')).toBe('2');
    expect(await page.evaluate(() => sessionStorage.getItem('search_keywords'))).toBe('华北制药');
  });
});

test.describe('routes', () => {
  test('unknown paths land on the 404 page', async ({ page }) => {
    await page.goto('/definitely/not/here');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: '抱歉，您访问的页面不存在' })).toBeVisible();
    await expect(page.getByTestId('shop-header')).toBeVisible();
  });

  test('login-style header on the login route, without a user reload', async ({ page }) => {
    let userCalls = 0;
    await page.route('**/api/user/base', (r) => {
      userCalls++;
      return r.fulfill(json({ data: { show: true } }));
    });
    // Listen before navigating: the page view may fire while the assertions below still run.
    const pageView = page.waitForRequest('**/api/track/pageview');
    await page.goto('/login');
    const header = page.getByTestId('auth-header');
    await expect(header.getByRole('link', { name: '返回首页' }).last()).toHaveAttribute(
      'href',
      '/',
    );
    await expect(header.getByRole('link', { name: '专属客服' })).toBeVisible();
    await expect(header).toContainText('400-800-1234');
    await expect(page.getByTestId('shop-header')).toHaveCount(0);
    await pageView;
    expect(userCalls).toBe(0);
  });

  test('redirects and member-only routes', async ({ page }) => {
    await page.goto('/eleven_index');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/activity/abc/def');
    await expect(page).toHaveURL(/\/loading\/activity$/);
    await page.goto('/zhzx_shdz');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fzhzx_shdz$/);
  });

  test('records a page view 300 ms after the page is shown', async ({ page }) => {
    const shownAt = Date.now();
    const pageview = page.waitForRequest('**/api/track/pageview');
    await page.goto('/?from=test');
    const req = await pageview;
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(300);
    expect(req.method()).toBe('POST');
    expect(new URLSearchParams(req.postData() ?? '').get('path')).toBe('/?from=test');
    expect([201, 429]).toContain((await req.response())!.status());
  });

  test('scroll returns to the saved position of a path', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForFunction(() => sessionStorage.getItem('scroll:/') === '600');
    await page.goto('/404');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('link', { name: '返回首页' }).last().click();
    await page.waitForURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  });

  test('session flag login=1 reloads the next page exactly once', async ({ page }) => {
    await page.goto('/404');
    await page.evaluate(() => sessionStorage.setItem('login', '1'));
    let documents = 0;
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents++;
    });
    const pageview = page.waitForRequest('**/api/track/pageview');
    await page.goto('/');
    await pageview;
    await page.waitForTimeout(500);
    expect(documents).toBe(2);
    expect(await page.evaluate(() => sessionStorage.getItem('login'))).toBeNull();
  });
});

test.describe('member chrome', () => {
  test('company name, 安全退出, prices, dedicated service, message badge; logout returns home as a visitor', async ({
    page,
  }) => {
    await login(page);
    await page.route('**/api/user/base', (r) => r.fulfill(json({ data: USER_BASE_MEMBER })));
    await page.route('**/api/cart/total', (r) => r.fulfill(json({ data: { total: 5 } })));
    await page.goto('/');
    const header = page.getByTestId('shop-header');
    await expect(header.getByTestId('company-name')).toHaveText('武汉仁心大药房');
    // The promotion blocks show their promotion's price beside the struck base price.
    await expect(page.getByTestId('home-fresh').getByTestId('price').first()).toHaveText(
      /^¥\d+\.\d{2}$/,
    );
    await expect(page.getByTestId('price-hidden')).toHaveCount(0);
    await expect(page.getByTestId('service-phone')).toHaveText('专属客服：李敏 13900001111');
    await expect(page.getByTestId('message-badge')).toHaveText('3');
    await expect(page.getByTestId('cart-badge')).toHaveText('5');
    await page.getByTestId('logout').click();
    await expect(header.getByRole('link', { name: '请登录' })).toBeVisible();
  });

  test('cart badge shows 99+ past 99', async ({ page }) => {
    await login(page);
    await page.route('**/api/cart/total', (r) => r.fulfill(json({ data: { total: 120 } })));
    await page.goto('/404');
    await expect(page.getByTestId('cart-badge')).toHaveText('99+');
  });

  test('user state reloads when the header shows, quietly; never on user_hyzx', async ({
    page,
  }) => {
    let calls = 0;
    await page.route('**/api/user/base', (r) => {
      calls++;
      return r.fulfill(json({ message: 'x' }, 500));
    });
    await page.goto('/');
    await expect.poll(() => calls).toBe(1);
    // On failure the user is {show: true} only: no dialog, no member details.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('service-phone')).toBeHidden();

    await login(page);
    // Listen before navigating, as every page-view wait here does: the beacon leaves 300 ms
    // after load, which a slow machine can pass before the header check returns.
    const pageview = page.waitForRequest('**/api/track/pageview');
    await page.goto('/user');
    await expect(page.getByTestId('shop-header')).toBeVisible();
    await pageview;
    expect(calls).toBe(1);
  });

  test('customer service: the chat panel with username, token and is_can_chat (no token in any URL), else two QQ links', async ({
    page,
  }) => {
    await login(page);
    await page.route('**/api/user/base', (r) =>
      r.fulfill(json({ data: { ...USER_BASE_MEMBER, is_can_chat: 1, token: 'tok' } })),
    );
    await page.goto('/404');
    await page.getByTestId('toolbar-service').hover();
    await expect(page.getByRole('button', { name: '在线咨询' })).toBeVisible();
    await expect(page.getByRole('link', { name: /QQ客服/ })).toHaveCount(0);
    expect(await page.locator('a[href*="tok"]').count()).toBe(0);
    await page.getByRole('button', { name: '在线咨询' }).click();
    await expect(page.getByTestId('chat-panel')).toBeVisible();
    await expect(page).toHaveURL(/\/404$/);

    await page.unroute('**/api/user/base');
    await page.route('**/api/user/base', (r) => r.fulfill(json({ data: USER_BASE_MEMBER })));
    await page.reload();
    await page.getByTestId('toolbar-service').hover();
    await expect(page.getByRole('link', { name: /QQ客服/ })).toHaveCount(2);
    await expect(page.getByRole('button', { name: '在线咨询' })).toBeHidden();
  });
});

// Customer-service chat in two browser contexts: a buyer's panel (opened from the toolbar, no new
// window, no token in a URL) and the service desk at /admin/chat exchange text, a picture and a
// goods card; the toolbar badge counts unread replies on another page; a dropped connection
// resumes with what was sent meanwhile, and a message typed while offline is sent once. An admin
// links a store's dedicated contact to a service login, whose open desk then gets the store's chat.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, request, test } from './support/test.ts';
import { newServiceLogin, setHours, staffApi } from './support/chat.ts';
import { freshApprovedPharmacy, registerPharmacy } from './support/freshMember.ts';
import { tinyPng } from './support/images.ts';
import { hydrated, staffSignIn } from './support/staff.ts';

// The tests change the shop's service hours (and the default contact): one at a time.
test.describe.configure({ mode: 'serial' });

test('a buyer and the service desk chat live', async ({ browser, baseURL }, info) => {
  test.setTimeout(120_000);
  const origin = baseURL!;
  const admin = await request.newContext({ baseURL: origin });
  expect(
    (
      await admin.post('/api/admin/login', {
        form: { login: 'admin', password: 'yaopi2026' },
        headers: { origin },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await admin.put('/api/admin/chat/hours', {
        form: { open: '00:00', close: '24:00' },
        headers: { origin },
      })
    ).status(),
  ).toBe(200);

  const staff = await (await browser.newContext({ baseURL: origin })).newPage();
  await staffSignIn(staff, 'service', 'yaopi2026', '/admin/chat');
  await hydrated(staff, 'ChatDesk');
  await expect(staff.getByText('已连接')).toBeVisible();

  const buyerContext = await browser.newContext({ baseURL: origin });
  const buyer = await buyerContext.newPage();
  const username = await freshApprovedPharmacy(buyer.request, origin);
  const company = `测试大药房${username}`;
  const urls: string[] = [];
  buyer.on('request', (r) => urls.push(r.url()));
  await buyer.goto('/list');
  await buyer.getByTestId('toolbar-service').hover();
  await buyer.getByRole('button', { name: '在线咨询' }).click();
  const panel = buyer.getByTestId('chat-panel');
  await expect(panel).toBeVisible();
  expect(buyerContext.pages()).toHaveLength(1);

  // Text, as typed: markup shows as text on both sides.
  const typed = '你好<b>要一箱</b>阿莫西林';
  await panel.getByLabel('消息内容').fill(typed);
  await panel.getByLabel('消息内容').press('Enter');
  await expect(panel.getByTestId('chat-messages').getByText(typed)).toBeVisible();
  const row = staff.getByTestId('chat-mine').getByRole('button', { name: new RegExp(company) });
  await expect(row.getByTestId('conversation-unread')).toHaveText('1');
  await row.click();
  const thread = staff.getByTestId('chat-messages');
  await expect(thread.getByText(typed)).toBeVisible();
  await expect(thread.locator('b')).toHaveCount(0);
  await expect(staff.getByTestId('chat-buyer')).toContainText(company);
  await expect(staff.getByTestId('chat-licence')).toHaveText('资质有效');
  await expect(row.getByTestId('conversation-unread')).toHaveCount(0);

  await staff.getByLabel('回复内容').fill('您好，我是客服，马上为您查询');
  await staff.getByLabel('回复内容').press('Enter');
  await expect(panel.getByText('您好，我是客服，马上为您查询')).toBeVisible();

  // A picture from the buyer, shown on the desk.
  await panel
    .getByTestId('chat-image')
    .setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: tinyPng() });
  const picture = thread.getByRole('img', { name: '聊天图片' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);

  // A goods card from the desk, opened by the buyer.
  await staff.getByLabel('商品卡片').fill('阿莫西林');
  await staff.getByRole('button', { name: '查找' }).click();
  await staff.getByTestId('chat-goods-results').getByRole('button').first().click();
  const card = panel.locator('[data-card="goods"]');
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('href', /^\/list\/info\/\d+$/);
  await expect(thread.locator('[data-card="goods"]')).toBeVisible();
  await buyer.screenshot({ path: info.outputPath('buyer-panel.png') });
  await staff.screenshot({ path: info.outputPath('staff-desk.png') });
  // Both screens pass axe (WCAG A/AA and best practices), as the other page types do.
  const rules = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
  const violations = async (page: Page, include?: string) => {
    const axe = new AxeBuilder({ page }).withTags(rules);
    return (await (include ? axe.include(include) : axe).analyze()).violations.map((v) => ({
      rule: v.id,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  };
  expect(await violations(staff)).toEqual([]);
  expect(await violations(buyer, '[data-testid="chat-panel"]')).toEqual([]);

  // The badge counts replies on another page while the panel is closed.
  await panel.getByRole('button', { name: '关闭在线客服' }).click();
  await buyer.goto('/order');
  await expect(buyer.getByTestId('chat-badge')).toBeHidden();
  await staff.getByTestId('chat-quick').selectOption({ index: 2 });
  await staff.getByLabel('回复内容').fill('还有其他问题吗？');
  await staff.getByLabel('回复内容').press('Enter');
  await expect(buyer.getByTestId('chat-badge')).toHaveText('2');
  await buyer.getByTestId('toolbar-service').hover();
  await buyer.getByRole('button', { name: '在线咨询' }).click();
  await expect(panel.getByText('还有其他问题吗？')).toBeVisible();
  await expect(buyer.getByTestId('chat-badge')).toBeHidden();

  // The connection drops: a reply sent meanwhile arrives on resume, the buyer's own message
  // typed while offline is sent once.
  await buyerContext.setOffline(true);
  await expect(panel.getByRole('status')).toContainText('连接已断开');
  await panel.getByLabel('消息内容').fill('断网时发的消息');
  await panel.getByLabel('消息内容').press('Enter');
  await expect(panel.getByText('发送中…')).toBeVisible();
  await staff.getByLabel('回复内容').fill('您断线期间的回复');
  await staff.getByLabel('回复内容').press('Enter');
  await expect(thread.getByText('您断线期间的回复')).toBeVisible();
  await buyerContext.setOffline(false);
  await expect(panel.getByText('您断线期间的回复')).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByText('发送中…')).toHaveCount(0, { timeout: 15_000 });
  await expect(thread.getByText('断网时发的消息')).toHaveCount(1);
  await expect(panel.getByTestId('chat-messages').getByText('断网时发的消息')).toHaveCount(1);

  // Nothing secret ever went into a URL.
  const token = (await buyerContext.cookies()).find((c) => c.name === 'yaopi_session')!.value;
  expect(urls.filter((u) => u.includes(token) || u.includes('/chat?'))).toEqual([]);
  await admin.put('/api/admin/chat/hours', {
    form: { open: '08:30', close: '21:00' },
    headers: { origin },
  });
  await admin.dispose();
});

test('an admin sets the service hours on the desk', async ({ browser, baseURL }) => {
  const page = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await staffSignIn(page, 'admin', 'yaopi2026', '/admin/chat');
  await hydrated(page, 'ChatHours');
  const form = page.getByRole('form', { name: '客服工作时间' });
  await form.getByLabel('上班').fill('09:00');
  await form.getByLabel('下班').fill('18:30');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('工作时间已保存')).toBeVisible();
  await page.reload();
  await expect(page.getByText('客服工作时间：每天 09:00–18:30')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-desk.png') });
  const res = await page.request.put('/api/admin/chat/hours', {
    form: { open: '08:30', close: '21:00' },
    headers: { origin: baseURL! },
  });
  expect(res.status()).toBe(200);
});

test("a store's dedicated contact, linked to a service login, gets the store's chat", async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const origin = baseURL!;
  const admin = await staffApi(origin, 'admin');
  await setHours(admin, '00:00', '24:00');
  const agent = await newServiceLogin(admin, origin, '周专员');
  // Unique per run: a retry on the same server must not find the last run's contact.
  const contact = `周专员${[...agent.login.slice(-3)].map((c) => '零一二三四五六七八九'[c.charCodeAt(0) % 10]).join('')}`;
  const agentDesk = await (await browser.newContext({ baseURL: origin })).newPage();
  await staffSignIn(agentDesk, agent.login, agent.password, '/admin/chat');
  await hydrated(agentDesk, 'ChatDesk');
  await expect(agentDesk.getByText('已连接')).toBeVisible();

  const desk = await (await browser.newContext({ baseURL: origin })).newPage();
  await staffSignIn(desk, 'admin', 'yaopi2026', '/admin');
  await desk.getByTestId('admin-nav').getByRole('link', { name: '专属客服' }).click();
  await expect(desk).toHaveURL(/\/admin\/service-contacts$/);
  await hydrated(desk, 'DeskForm');
  const form = desk.getByTestId('contact-form');
  await form.getByRole('button', { name: '创建' }).click();
  await expect(desk.getByText('请填写客服姓名')).toBeVisible();
  await form.getByLabel('姓名', { exact: true }).fill(contact);
  await form.getByLabel('客服电话').fill('13900008888');
  await form.getByLabel('在线客服账号').selectOption({ label: `周专员（${agent.login}）` });
  await form.getByRole('button', { name: '创建' }).click();
  const table = desk.getByTestId('contact-table');
  const row = table.locator('tr', { hasText: contact });
  await expect(row).toContainText(agent.login);
  await expect(row.getByTestId('contact-stores')).toHaveText('0');
  await desk.screenshot({ path: info.outputPath('service-contacts.png'), fullPage: true });

  // A buyer's store is given the contact on the store screen.
  const buyer = await (await browser.newContext({ baseURL: origin })).newPage();
  const username = await registerPharmacy(buyer.request, origin);
  const stores = (await (await buyer.request.get('/api/user/stores')).json()).data;
  const storeId = stores.find((s: { is_current: boolean }) => s.is_current).id;
  await desk.goto(`/admin/stores/${storeId}`);
  await hydrated(desk, 'StoreEditor');
  await desk.getByLabel('专属客服').selectOption({ label: `${contact} 13900008888` });
  const saved = desk.waitForResponse(
    (r) => r.url().endsWith(`/api/admin/stores/${storeId}`) && r.request().method() === 'POST',
  );
  // A save reloads the store screen: leave only once that reload has finished.
  const reloaded = desk.waitForEvent('load');
  await desk.getByRole('button', { name: '保存资料' }).click();
  expect((await saved).status()).toBe(200);
  await reloaded;
  await desk.goto('/admin/service-contacts');
  await expect(row.getByTestId('contact-stores')).toHaveText('1');

  // The store's chat goes to the linked login, online at its desk.
  await buyer.goto('/user');
  const panel = buyer.getByTestId('chat-panel');
  await buyer.getByTestId('toolbar-service').hover();
  await buyer.getByRole('button', { name: '在线咨询' }).click();
  await panel.getByLabel('消息内容').fill('请周专员帮我看看');
  await panel.getByLabel('消息内容').press('Enter');
  const mine = agentDesk.getByTestId('chat-mine');
  await expect(mine.getByRole('button', { name: new RegExp(username) })).toBeVisible();
  await agentDesk.screenshot({ path: info.outputPath('linked-desk.png') });

  // The default flag moves with an edit, and back.
  const makeDefault = async (name: string) => {
    const link = table.getByRole('link', { name: `编辑 ${name}` });
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await expect(desk).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`));
    await hydrated(desk, 'DeskForm');
    await expect(form.getByLabel('姓名', { exact: true })).toHaveValue(name);
    await desk.screenshot({ path: info.outputPath(`edit-${name}.png`) });
    await form.getByLabel('新门店默认').check();
    await form.getByRole('button', { name: '保存修改' }).click();
  };
  const isDefault = (name: string) => table.locator('tr', { hasText: name }).locator('td').nth(6);
  await makeDefault(contact);
  await expect(isDefault(contact)).toHaveText('是');
  await expect(isDefault('李晓梅')).toHaveText('');
  await makeDefault('李晓梅');
  await expect(isDefault('李晓梅')).toHaveText('是');
  await expect(isDefault('周专员')).toHaveText('');
  await setHours(admin, '08:30', '21:00');
  await admin.dispose();
});

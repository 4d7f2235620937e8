// The buyer's chat beyond the panel: the toolbar badge on the pages that do not reload the user
// state (/user, /bdwx), logging out closes the stream before the session ends, and a message
// typed offline waits in the browser through a reload and is then stored exactly once.
import { expect, type Page, test } from './support/test.ts';
import { randomUUID } from 'node:crypto';
import { conversationOf, reply, staffApi } from './support/chat.ts';
import { registerPharmacy } from './support/freshMember.ts';

const OUTBOX = 'yaopi.chat.outbox.';
/** EventSource.readyState */
const OPEN = 1;
const CLOSED = 2;

/** A new store whose conversation exists and is read, so its badge starts at nothing. */
async function talkingStore(page: Page, origin: string): Promise<string> {
  const username = await registerPharmacy(page.request, origin);
  const headers = { origin };
  const sent = await page.request.post('/api/chat/messages', {
    form: { client_id: randomUUID(), text: '你好' },
    headers,
  });
  expect(sent.status(), await sent.text()).toBe(201);
  // An out-of-hours reply may have come meanwhile: read it too.
  const history = (await (await page.request.get('/api/chat/messages')).json()).data;
  const read = await page.request.post('/api/chat/read', {
    form: { last_id: history.messages.at(-1).id },
    headers,
  });
  expect(read.status()).toBe(200);
  return `测试大药房${username}`;
}

async function openPanel(page: Page) {
  await page.getByTestId('toolbar-service').hover();
  await page.getByRole('button', { name: '在线咨询' }).click();
  const panel = page.getByTestId('chat-panel');
  await expect(panel).toBeVisible();
  return panel;
}

test('the badge counts replies on /user and /bdwx, which do not reload the user', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL!;
  const admin = await staffApi(origin, 'admin');
  const company = await talkingStore(page, origin);
  const conversation = (await conversationOf(admin, company))!;
  const userLoads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/user/base')) userLoads.push(r.url());
  });

  await page.goto('/user');
  const badge = page.getByTestId('chat-badge');
  await expect(badge).toBeHidden();
  await page.getByTestId('toolbar-service').hover();
  await expect(page.getByRole('button', { name: '在线咨询' })).toBeVisible();
  await reply(admin, conversation.id, '会员中心能看到吗？');
  await expect(badge).toHaveText('1');

  await page.goto('/bdwx');
  await expect(badge).toHaveText('1');
  await reply(admin, conversation.id, '绑定微信页也能看到吗？');
  await expect(badge).toHaveText('2');
  const panel = await openPanel(page);
  await expect(panel.getByText('绑定微信页也能看到吗？')).toBeVisible();
  await expect(badge).toBeHidden();
  expect(userLoads).toEqual([]);
  await admin.dispose();
});

test('logging out closes the chat stream before the session ends', async ({ page, baseURL }) => {
  const origin = baseURL!;
  await page.addInitScript(() => {
    const Native = window.EventSource;
    const opened: EventSource[] = [];
    Object.assign(window, { openedStreams: opened });
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        opened.push(this);
      }
    };
  });
  await talkingStore(page, origin);
  await page.goto('/user');
  const states = () =>
    page.evaluate(() =>
      (window as unknown as { openedStreams: EventSource[] }).openedStreams.map(
        (s) => s.readyState,
      ),
    );
  await expect.poll(states).toEqual([OPEN]);
  let atLogout: number[] = [];
  await page.route('**/api/user/logout', async (route) => {
    atLogout = await states();
    await route.continue();
  });
  const streamsAfter: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/chat/stream')) streamsAfter.push(r.url());
  });
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(`${origin}/`);
  expect(atLogout).toEqual([CLOSED]);
  expect(streamsAfter).toEqual([]);
  expect((await page.request.get('/api/chat/stream')).status()).toBe(401);
});

test('a message typed offline survives a reload and is stored once', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const origin = baseURL!;
  await talkingStore(page, origin);
  await page.goto('/user');
  let panel = await openPanel(page);
  await expect(panel.getByRole('status')).toHaveCount(0); // connected

  // The network is gone; later the first try reaches the server but its answer is lost.
  let posts: 'fail' | 'lose-answer' | 'pass' = 'fail';
  await page.route('**/api/chat/messages', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    if (posts === 'fail') return route.abort('internetdisconnected');
    if (posts === 'lose-answer') {
      posts = 'pass';
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await context.setOffline(true);
  const text = '断网时写的，刷新后再发';
  await panel.getByLabel('消息内容').fill(text);
  await panel.getByLabel('消息内容').press('Enter');
  await expect(panel.getByText('发送中…')).toBeVisible();
  const kept = () =>
    page.evaluate(
      (prefix) =>
        Object.keys(localStorage)
          .filter((k) => k.startsWith(prefix))
          .map((k) => localStorage.getItem(k) ?? ''),
      OUTBOX,
    );
  const waiting = await kept();
  expect(waiting).toHaveLength(1);
  expect(waiting[0]).toContain(text);

  await context.setOffline(false);
  await page.reload();
  posts = 'lose-answer';
  panel = await openPanel(page);
  const thread = panel.getByTestId('chat-messages');
  await expect(thread.getByText(text)).toHaveCount(1, { timeout: 20_000 });
  await expect(panel.getByText('发送中…')).toHaveCount(0, { timeout: 20_000 });
  expect(posts).toBe('pass');
  await expect.poll(kept).toEqual([]);
  const history = (await (await page.request.get('/api/chat/messages')).json()).data;
  expect(history.messages.filter((m: { text: string }) => m.text === text)).toHaveLength(1);
  await page.reload();
  panel = await openPanel(page);
  await expect(panel.getByTestId('chat-messages').getByText(text)).toHaveCount(1);
});

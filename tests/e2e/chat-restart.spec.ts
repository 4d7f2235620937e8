// The chat survives a restart of the server: on a shop of its own (so the other specs' server keeps
// running), the buyer's open panel loses its stream when the process stops, a reply the desk sends
// as soon as the process is back reaches the panel once, and the buyer's next message goes through.
import { expect, request, test } from './support/test.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { freshApprovedPharmacy } from './support/freshMember.ts';

let shop: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  shop = await startServer({ SEED_GOODS: '200' });
});
test.afterAll(async () => {
  await shop?.stop();
});

async function staffApi(origin: string, login: string) {
  const ctx = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  const res = await ctx.post('/api/admin/login', { form: { login, password: 'yaopi2026' } });
  expect(res.status()).toBe(200);
  return ctx;
}

test('a reply sent right after the server restarts reaches the open panel', async ({ browser }) => {
  test.setTimeout(180_000);
  const origin = shop.url;
  const admin = await staffApi(origin, 'admin');
  expect(
    (
      await admin.put('/api/admin/chat/hours', { form: { open: '00:00', close: '24:00' } })
    ).status(),
  ).toBe(200);
  const desk = await staffApi(origin, 'service');

  const buyerContext = await browser.newContext({ baseURL: origin });
  const buyer = await buyerContext.newPage();
  await freshApprovedPharmacy(buyer.request, origin);
  await buyer.goto('/list');
  await buyer.getByTestId('toolbar-service').hover();
  await buyer.getByRole('button', { name: '在线咨询' }).click();
  const panel = buyer.getByTestId('chat-panel');
  await panel.getByLabel('消息内容').fill('重启前的问题');
  await panel.getByLabel('消息内容').press('Enter');
  await expect(panel.getByTestId('chat-messages').getByText('重启前的问题')).toBeVisible();

  const conversations = (await (await desk.get('/api/admin/chat/conversations')).json()).data;
  const mine = conversations.find(
    (c: { last_message: string }) => c.last_message === '重启前的问题',
  );
  expect(mine).toBeTruthy();

  await shop.restart();
  // The desk's session lives in the database: it answers at once on the new process.
  const sent = await desk.post(`/api/admin/chat/conversations/${mine.id}/messages`, {
    form: { client_id: `restart-${Date.now()}`, text: '服务重启后的回复' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  const thread = panel.getByTestId('chat-messages');
  await expect(thread.getByText('服务重启后的回复')).toBeVisible({ timeout: 30_000 });
  await expect(thread.getByText('服务重启后的回复')).toHaveCount(1);
  await panel.getByLabel('消息内容').fill('收到，谢谢');
  await panel.getByLabel('消息内容').press('Enter');
  await expect
    .poll(
      async () =>
        (
          await (await desk.get(`/api/admin/chat/conversations/${mine.id}/messages`)).json()
        ).data.messages.map((m: { text?: string }) => m.text),
      { timeout: 15_000 },
    )
    .toContain('收到，谢谢');

  await admin.put('/api/admin/chat/hours', { form: { open: '08:30', close: '21:00' } });
  await Promise.all([admin.dispose(), desk.dispose(), buyerContext.close()]);
});

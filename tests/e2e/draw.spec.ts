import { expect, test, type Page } from './support/test.ts';
import { randomInt } from 'node:crypto';
import { DRAW_DELAY_MS } from '#/lib/constants.ts';

// A freshly registered member has not joined the seeded lucky draw, so the home page invites them.
async function newMember(page: Page) {
  const origin = test.info().project.use.baseURL!;
  const phone = `136${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const username = `d${Date.now().toString(36)}${randomInt(0, 1e5).toString(36)}`.slice(0, 20);
  expect(
    (
      await page.request.post('/api/sms/send', {
        form: { phone, type: 'register' },
        headers: { origin },
      })
    ).status(),
  ).toBe(200);
  const code = (await (await page.request.get(`/api/dev/sms?phone=${phone}`)).json()).data.code;
  const res = await page.request.post('/api/register', {
    headers: { origin },
    form: {
      username,
      password: 'Secret123',
      password_confirmation: 'Secret123',
      phone,
      code,
      company_name: `抽奖测试药房${username}`,
      company_type: 'pharmacy',
      province: '湖北省',
      city: '武汉市',
      district: '洪山区',
      address: '珞喻路 1 号',
      contact_name: '张三',
      contact_phone: '027-87654321',
    },
  });
  expect(res.status()).toBe(201);
}

const popup = (page: Page) => page.getByTestId('lucky-draw');
const notice = (page: Page) => page.getByRole('dialog', { name: '提示' });

test('a member who has not joined: pop-up, about 2 s of drawing, the prize alert, then the pop-up leaves', async ({
  page,
}) => {
  await newMember(page);
  await page.goto('/');
  await expect(popup(page)).toBeVisible();
  await expect(popup(page)).toContainText('今日剩余 1 次抽奖机会');
  const prizes = await popup(page)
    .getByRole('list', { name: '奖品' })
    .locator('li')
    .allInnerTexts();
  expect(prizes.length).toBeGreaterThan(1);
  // The seeded demo stores have won before: the latest winners show, names masked.
  await expect(popup(page).getByRole('list', { name: '最新中奖' })).toContainText('***');
  await page.screenshot({ path: test.info().outputPath('draw-popup.png') });

  const started = Date.now();
  await popup(page).getByRole('button', { name: '立即抽奖' }).click();
  await expect(popup(page).getByRole('button', { name: '抽奖中…' })).toBeDisabled();
  await expect(notice(page)).toBeVisible({ timeout: DRAW_DELAY_MS + 5_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(DRAW_DELAY_MS - 100);
  const text = await notice(page).locator('p').innerText();
  const m = /^恭喜您，获得(.+)（(.+)）$/.exec(text);
  expect(m, text).not.toBeNull();
  expect(prizes).toContain(m![1]);
  await expect(popup(page)).toBeHidden({ timeout: 3_000 });
  await notice(page).getByRole('button', { name: '确定' }).click();

  // Joined: the next visit has no pop-up, and the record is in the member centre.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(popup(page)).toHaveCount(0);
  await page.goto('/user/draw');
  await expect(page.getByTestId('draw-records')).toContainText(m![1]!);
  await page.screenshot({ path: test.info().outputPath('draw-records.png') });
});

test('closing during a draw asks first: 取消 keeps it, 关闭 closes it and no result is shown', async ({
  page,
}) => {
  await newMember(page);
  await page.clock.install();
  await page.goto('/');
  await expect(popup(page)).toBeVisible();
  // Time stands still from here: the draw stays in progress however slow the machine is.
  await page.clock.pauseAt(Date.now() + 1_000);
  await popup(page).getByRole('button', { name: '立即抽奖' }).click();
  await popup(page).getByRole('button', { name: '关闭抽奖' }).click();
  await expect(notice(page)).toContainText('抽奖进行中，关闭后如未显示结果，请到个人中心查看。');
  await expect(notice(page).getByRole('button')).toHaveText(['取消', '关闭']);
  await page.screenshot({ path: test.info().outputPath('draw-close-confirm.png') });
  await notice(page).getByRole('button', { name: '取消' }).click();
  await expect(popup(page)).toBeVisible();
  // Still drawing (the page's clock is paused, so the 2 s never pass): ask again and close this time.
  await page.waitForTimeout(DRAW_DELAY_MS);
  await expect(popup(page).getByRole('button', { name: '抽奖中…' })).toBeVisible();
  await popup(page).getByRole('button', { name: '关闭抽奖' }).click();
  await notice(page).getByRole('button', { name: '关闭' }).click();
  await expect(popup(page)).toHaveCount(0);
  await page.clock.runFor(DRAW_DELAY_MS + 500);
  await expect(page.getByText(/恭喜您，获得/)).toHaveCount(0);
  // The draw itself happened on the server: the personal centre shows it.
  await page.goto('/user/draw');
  await expect(page.getByTestId('draw-records').locator('tbody tr')).toHaveCount(1);
});

test('visitors get no pop-up and no draw island', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(popup(page)).toHaveCount(0);
  expect(await page.locator('astro-island[component-url*="LuckyDraw"]').count()).toBe(0);
});

// Pages with islands hydrate without React errors (#418 and the like) or other console errors,
// for a visitor and for a member.
import { expect, test, type Page } from './support/test.ts';

const VISITOR_PAGES = ['/', '/list', '/search?keywords=amxl', '/login', '/help/xrzn/hyzc'];
const MEMBER_PAGES = ['/', '/list', '/list/table', '/cart', '/user', '/star', '/basic', '/zqgl'];

async function errorsOn(page: Page, paths: string[]): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${new URL(page.url()).pathname}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${new URL(page.url()).pathname}: ${e.message}`));
  for (const p of paths) {
    await page.goto(p);
    await page.waitForLoadState('networkidle');
    // Interaction hydrates the islands that wait for it.
    await page.mouse.move(400, 300);
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(300);
  }
  return errors;
}

test('no console errors on the main pages, as a visitor and as a member', async ({ page }) => {
  expect(await errorsOn(page, VISITOR_PAGES)).toEqual([]);
  const login = await page.request.post('/api/login', {
    form: { username: 'demo', password: 'yaopi2026' },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(login.status()).toBe(200);
  expect(await errorsOn(page, MEMBER_PAGES)).toEqual([]);
});

// The workbench (工作台): each role opens on what waits on its own desks and gets there in a click.
// The counts equal the desks' own (tests/api/demo-history, on a server of its own); here other
// specs place and ship orders meanwhile, so this checks the tiles, their order and their links.
import { expect, test } from './support/test.ts';
import { staffSignIn } from './support/staff.ts';

const tiles = (page: import('@playwright/test').Page) => page.getByTestId('todo').getByRole('link');

test('the warehouse opens on its to-do and reaches the orders to ship by keyboard', async ({
  page,
}) => {
  await staffSignIn(page, 'warehouse');
  const todo = page.getByTestId('todo');
  await expect(todo.getByRole('heading', { name: /待办/ })).toBeVisible();
  await expect(tiles(page)).toHaveText([
    /^待发货订单\d+$/,
    /^待审核含麻回执单\d+$/,
    /^待收货退货\d+$/,
  ]);
  await page.screenshot({ path: 'test-results/admin-workbench-warehouse.png', fullPage: true });
  const toShip = page.getByTestId('todo-orders');
  await toShip.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/orders\?status=paid$/);
  await expect(page.getByRole('link', { name: /^待发货/ })).toHaveAttribute('aria-current', 'page');
});

test('finance sees money waiting; the service desk its questions', async ({ page, browser }) => {
  await staffSignIn(page, 'finance');
  await expect(tiles(page)).toHaveText([
    /^待确认转账\d+$/,
    /^待打款退款\d+$/,
    /^待开票订单\d+$/,
    /^待红冲发票\d+$/,
    /^待退款退货\d+$/,
  ]);
  await page.getByTestId('todo-transfers').click();
  await expect(page).toHaveURL(/\/admin\/payments$/);

  const service = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL! })
  ).newPage();
  await staffSignIn(service, 'service');
  await expect(tiles(service)).toHaveText([
    /^待回复会话\d+$/,
    /^待回复反馈\d+$/,
    /^待回复求购\d+$/,
  ]);
  await service.getByTestId('todo-feedback').click();
  await expect(service).toHaveURL(/\/admin\/inbox\/feedback\?status=pending$/);
});

test('a role with no desk to work sees no to-do', async ({ page }) => {
  await staffSignIn(page, 'editor');
  await expect(page.getByTestId('admin-home-links')).toBeVisible();
  await expect(page.getByTestId('todo')).toHaveCount(0);
});

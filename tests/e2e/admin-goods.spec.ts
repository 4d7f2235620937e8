import { randomInt } from 'node:crypto';
import ExcelJS from 'exceljs';
import { expect, type Page, test } from './support/test.ts';
import { checkoutByTransfer } from './support/backoffice.ts';
import { freshApprovedPharmacy } from './support/freshMember.ts';
import { licenceScanPng } from './support/images.ts';
import { buyBoxReady, hydrated, staffPage } from './support/staff.ts';

// The goods desk from both sides: the merchandiser creates a goods with a lot and a photo on
// /admin/goods; a new pharmacy finds it by its pinyin initials and orders it. Then an import: the
// dry run shows the bad rows, the import creates the good ones with a progress bar, and the same
// file again changes nothing.

test.describe.configure({ timeout: 120_000 });

const RARE = '翊珂骁湛琨瑶蔚璟祎昀珏铄';
const rare = (n: number) =>
  Array.from({ length: n }, () => RARE[randomInt(0, RARE.length)]).join('');
/** The editor's islands share one file: wait for one by its export. */
const islandReady = (p: Page, name: string) =>
  expect(p.locator(`astro-island[component-export="${name}"]`)).not.toHaveAttribute('ssr', /.*/);
const inDays = (n: number) =>
  new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

test('a merchandiser creates goods with a lot and a photo; a buyer finds it by pinyin initials and orders it', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const name = `${rare(4)}颗粒`;
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const desk = await staffPage(browser, base, 'merchandiser');
  await desk.goto('/admin/goods');
  await expect(desk.getByTestId('goods-table').locator('tbody tr').first()).toBeVisible();
  await desk.screenshot({ path: 'test-results/admin-goods-list.png', fullPage: false });
  await desk.getByTestId('goods-new').click();
  await expect(desk).toHaveURL(/\/admin\/goods\/new$/);
  await hydrated(desk, 'GoodsEditor');
  const form = desk.getByTestId('goods-form');
  await form.getByLabel('商品编码').fill(code);
  await form.getByLabel('通用名').fill(name);
  await form.getByLabel('规格').fill('10g*12袋');
  await form.getByLabel('生产厂家').fill('湖北端到端制药有限公司');
  await form.getByLabel('药品分类').selectOption('otc_b');
  await form.getByLabel('批准文号').fill('国药准字X1');
  await form.getByLabel('类目').selectOption({ index: 1 });
  await form.getByLabel('基础单价').fill('18.80');
  await form.getByRole('button', { name: '创建商品' }).click();
  await expect(form.getByRole('alert')).toContainText('批准文号格式不正确');
  await form.getByLabel('批准文号').fill(`国药准字Z${String(randomInt(0, 1e8)).padStart(8, '0')}`);
  await form.getByRole('button', { name: '创建商品' }).click();
  await expect(desk).toHaveURL(/\/admin\/goods\/\d+$/);
  const goodsId = Number(/goods\/(\d+)$/.exec(desk.url())![1]);
  await expect(desk.getByTestId('goods-stock')).toHaveText('0');
  const initials = (await desk.getByTestId('goods-initials').textContent())!.trim();
  expect(initials).toMatch(/^[a-z]{4}kl$/);

  await islandReady(desk, 'LotEditor');
  const lot = desk.getByTestId('lot-form');
  await lot.locator('input[name=batch_no]').fill('E2E001');
  await lot.locator('input[name=produced_on]').fill(inDays(-30));
  await lot.locator('input[name=expires_on]').fill(inDays(700));
  await lot.locator('input[name=stock]').fill('60');
  await lot.getByRole('button', { name: '添加批号' }).click();
  await expect(desk.getByTestId('goods-stock')).toHaveText('60');
  await expect(desk.getByTestId('lot-table').locator('tr[data-lot="E2E001"]')).toContainText('60');

  await islandReady(desk, 'ImageEditor');
  await desk
    .getByLabel('选择图片')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: licenceScanPng() });
  await desk.getByRole('button', { name: '上传', exact: true }).click();
  const photo = desk.getByTestId('goods-images').getByRole('img', { name: '主图' });
  await expect(photo).toHaveAttribute('src', /^\/uploads\/goods\/[0-9a-f]{32}\.webp$/);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await desk.screenshot({ path: 'test-results/admin-goods-editor.png', fullPage: true });

  // The buyer: a new approved pharmacy searches by the initials (the index reloads within seconds).
  await freshApprovedPharmacy(page.request, base);
  const address = await page.request.post('/api/user/address', {
    form: {
      consignee: '李药师',
      phone: '13800138000',
      province: '湖北省',
      city: '武汉市',
      district: '洪山区',
      detail: '珞喻路 1 号',
      is_default: '1',
    },
    headers: { origin: base },
  });
  expect(address.status()).toBe(201);
  await expect(async () => {
    await page.goto(`/search?keywords=${initials}`);
    await expect(
      page.locator(`[data-testid="goods-card"][data-goods-id="${goodsId}"]`),
    ).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
  await page
    .locator(`[data-testid="goods-card"][data-goods-id="${goodsId}"] [data-testid="goods-name"]`)
    .click();
  await expect(page).toHaveURL(new RegExp(`/list/info/${goodsId}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByRole('img', { name })).toHaveAttribute('src', /\/uploads\/goods\//);
  await buyBoxReady(page);
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  const { orderId } = await checkoutByTransfer(page);
  expect(orderId).toBeGreaterThan(0);
  await desk.reload();
  await expect(desk.getByTestId('goods-stock')).toHaveText('59');
});

test('an import: the dry run shows the bad rows, the import creates the good ones, a second run changes nothing', async ({
  browser,
  baseURL,
}) => {
  const run = Date.now().toString(36).toUpperCase();
  const approval = () => `国药准字Z${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const head =
    'ERP编码,通用名,规格,生产厂家,批准文号,药品分类,包装单位,类目,单价,批号,生产日期,有效期至,库存';
  const rows = [
    `I${run}1,${rare(3)}片,0.3g*24片,湖北导入制药有限公司,${approval()},乙类OTC,盒,感冒用药,8.80,A1,2026-01-01,2028-01-01,100`,
    `I${run}2,${rare(3)}丸,6g*10丸,湖北导入制药有限公司,${approval()},甲类OTC,盒,感冒用药,12.00,,,,`,
    `I${run}3,${rare(3)}胶囊,0.25g*12粒,湖北导入制药有限公司,国药准字Q1,乙类OTC,盒,感冒用药,5.00,,,,`,
    `I${run}4,${rare(3)}散,3g*6袋,湖北导入制药有限公司,${approval()},乙类OTC,盒,感冒用药,abc,,,,`,
  ];
  const file = {
    name: 'erp.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${head}\n${rows.join('\n')}\n`),
  };
  const desk = await staffPage(browser, baseURL!, 'merchandiser');
  await desk.goto('/admin/goods');
  await desk.getByRole('link', { name: '导入 Excel / CSV' }).click();
  await expect(desk).toHaveURL(/\/admin\/goods\/import$/);
  await hydrated(desk, 'GoodsImport');
  await desk.getByLabel('导入文件').setInputFiles(file);
  await desk.getByRole('button', { name: '预检（不写入）' }).click();
  const summary = desk.getByTestId('import-summary');
  await expect(summary).toContainText('新增 2');
  await expect(summary).toContainText('拒绝 2');
  const report = desk.getByTestId('import-rows');
  await expect(report.locator('tr[data-line="4"]')).toContainText('「批准文号」批准文号格式不正确');
  await expect(report.locator('tr[data-line="5"]')).toContainText('「单价」');
  await desk.screenshot({ path: 'test-results/admin-goods-import-dry.png', fullPage: true });

  await desk.getByRole('button', { name: '开始导入' }).click();
  await expect(desk.getByRole('heading', { name: '导入完成' })).toBeVisible({ timeout: 20_000 });
  await expect(desk.getByTestId('import-progress')).toHaveAttribute('value', '4');
  await expect(summary).toContainText('新增 2');
  await desk.screenshot({ path: 'test-results/admin-goods-import-done.png', fullPage: true });

  await desk.goto(`/admin/goods?q=I${run}`);
  await expect(desk.getByTestId('goods-table').locator('tbody tr[data-goods]')).toHaveCount(2);
  // The export takes the goods the desk shows, not the whole catalogue.
  const download = desk.waitForEvent('download');
  await desk.getByTestId('goods-export').click();
  const exported = await download;
  expect(exported.suggestedFilename()).toMatch(/^商品库存价格-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await exported.path());
  const sheet = book.getWorksheet('商品')!;
  expect(sheet.rowCount).toBe(3);
  const erpColumn = (sheet.getRow(1).values as unknown[]).indexOf('ERP编码');
  expect([2, 3].map((r) => sheet.getRow(r).getCell(erpColumn).value).sort()).toEqual([
    `I${run}1`,
    `I${run}2`,
  ]);

  await desk.goto('/admin/goods/import');
  await hydrated(desk, 'GoodsImport');
  await desk.getByLabel('导入文件').setInputFiles(file);
  await desk.getByRole('button', { name: '预检（不写入）' }).click();
  await expect(summary).toContainText('新增 0');
  await expect(summary).toContainText('更新 0');
  await expect(summary).toContainText('无变化 2');
  await desk.getByRole('button', { name: '开始导入' }).click();
  await expect(desk.getByRole('heading', { name: '导入完成' })).toBeVisible({ timeout: 20_000 });
  await expect(summary).toContainText('新增 0');
  await expect(summary).toContainText('更新 0');
  await expect(summary).toContainText('无变化 2');
});

test('categories and brands: the merchandiser adds a brand on /admin/goods/taxonomy', async ({
  browser,
  baseURL,
}) => {
  const desk = await staffPage(browser, baseURL!, 'merchandiser');
  await desk.goto('/admin/goods');
  await desk.getByRole('link', { name: '类目与品牌' }).click();
  await expect(desk).toHaveURL(/\/admin\/goods\/taxonomy$/);
  await expect(desk.locator('details[data-line="general"]')).toContainText('首页导航');
  const name = `品牌${rare(3)}`;
  const form = desk.getByRole('form', { name: '新增品牌' });
  await expect(form.getByRole('button', { name: '新增' })).toBeEnabled();
  await form.getByLabel('新增品牌名称').fill(name);
  await form.getByRole('button', { name: '新增' }).click();
  // The page reloads with the new brand among the others.
  await expect(desk.locator(`[data-testid="brand-list"] input[value="${name}"]`)).toHaveCount(1);
});
